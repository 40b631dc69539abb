import json

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views import i18n
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_POST

from games.players import blocks
from games.players import profiles, vacations
from games.chat import moderation
from games.refusals import ServiceError
from games.models import Match, Seat
from games.notifications import links, preferences, push, onsite

from .forms import ProfileForm, SignUpForm
from .models import User


@sensitive_post_parameters("password1", "password2")
def signup(request):
    if request.user.is_authenticated:
        return redirect("lobby")
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save(commit=False)
        user.language = translation.get_language()
        user.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, _("Welcome to Chicken Island, %(name)s!") % {"name": user.username})
        return redirect(_safe_next(request) or "lobby")
    return render(request, "registration/signup.html", {"form": form})


def _safe_next(request) -> str | None:
    """The `next` page if it is on this site (never a redirect off it)."""
    target = request.POST.get("next") or request.GET.get("next")
    if target and url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        return target
    return None


@login_required
def profile(request):
    form = ProfileForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        translation.activate(user.language)
        messages.success(request, _("Your settings are saved."))
        response = redirect("profile")
        _remember_language(response, user.language)
        return response
    left = vacations.balance(request.user)
    context = {
        "form": form,
        "push_key": settings.VAPID_PUBLIC_KEY if push.configured() else "",
        "devices": request.user.push_subscriptions.count(),
        "matches": Seat.objects.filter(user=request.user, match__status__in=[Match.Status.ACTIVE, Match.Status.LOBBY])
        .select_related("match").order_by("-match__updated_at")[:50],
        "vacation": vacations.current(request.user),
        "vacation_left": round(left, 1),  # shown as "15" or "14.5"
        "vacation_count": round(left),  # chooses the plural form
        "blocked": request.user.blocks.select_related("blocked"),
        "muted": moderation.muted_names(request.user),
    }
    return render(request, "accounts/profile.html", context, status=400 if form.errors else 200)


def set_language(request):
    """The header's language switch: Django's own view (the cookie, back to the page), and for
    a signed-in player the profile too, so e-mails follow."""
    response = i18n.set_language(request)
    code = request.POST.get(i18n.LANGUAGE_QUERY_PARAMETER)
    if request.method == "POST" and request.user.is_authenticated and code in dict(settings.LANGUAGES):
        request.user.language = code
        request.user.save(update_fields=["language"])
    return response


def _remember_language(response, code):
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME, code, max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH, domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE, httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )


def player(request, username):
    """A player's public page: matches, ratings, time-outs, pace, vacation."""
    user = get_object_or_404(User, username=username, is_active=True)
    return render(request, "accounts/player.html", profiles.summary(user, viewer=request.user))


@require_POST
@login_required
def vacation(request):
    try:
        if request.POST.get("do") == "start":
            vacations.start(request.user)
            messages.success(request, _("Vacation started: your clocks are paused."))
        else:
            vacations.end(request.user)
            messages.success(request, _("Welcome back: your clocks run again."))
    except ServiceError as exc:
        messages.error(request, exc.message)
    return redirect("profile")


@require_POST
@login_required
def block(request, username):
    other = get_object_or_404(User, username=username)
    try:
        if request.POST.get("do") == "unblock":
            blocks.unblock(request.user, other)
            messages.success(request, _("%(n)s is no longer blocked.") % {"n": other.username})
        else:
            blocks.block(request.user, other)
            messages.success(request, _("%(n)s is blocked: no invitations or matches with them.") % {"n": other.username})
    except ServiceError as exc:
        messages.error(request, exc.message)
    return redirect("player", username=other.username)


@csrf_exempt
def unsubscribe(request, token):
    """GET shows a button; POST (the button, or a mail client's one-click, RFC 8058) stops all
    e-mails. Push and the site's own notices stay as the player set them."""
    user = links.user_from_unsubscribe(token)
    if user is None:
        raise Http404(_("This unsubscribe link is not valid."))
    done = False
    if request.method == "POST":
        preferences.stop_all_mail(user)
        user.save(update_fields=["notify_prefs"])
        done = True
    return render(request, "accounts/unsubscribe.html", {"target": user, "done": done})


@require_POST
@login_required
def mute(request, pk):
    """Silence a match (no push, no e-mail about it), or let it speak again."""
    muted = request.POST.get("do") != "unmute"
    if not onsite.set_muted(request.user, pk, muted):
        raise Http404(_("You have no seat in this match."))
    messages.success(request, _("Match muted: its notices stay on the site only.") if muted else _("Match unmuted."))
    return redirect(_safe_next(request) or "profile")


@require_POST
@login_required
def push_subscription(request):
    """The service worker's push subscription for this device (JSON): stored, or with
    `"remove": true` forgotten. Errors are JSON with a 400."""
    try:
        data = json.loads(request.body or b"{}")
    except ValueError:
        return JsonResponse({"detail": _("Send the subscription as JSON.")}, status=400)
    try:
        if isinstance(data, dict) and data.get("remove"):
            push.unsubscribe(request.user, data.get("endpoint"))
            return JsonResponse({"subscribed": False})
        push.subscribe(request.user, data, request.headers.get("User-Agent", ""))
    except ServiceError as exc:
        return JsonResponse({"detail": exc.message}, status=exc.status)
    return JsonResponse({"subscribed": True}, status=201)
