import logging
import zoneinfo
from email.utils import make_msgid
from urllib.parse import urlsplit

from django import forms
from django.conf import settings
from django.contrib.auth import forms as auth_forms
from django.contrib.auth.forms import UserCreationForm
from django.core.mail import EmailMultiAlternatives
from django.template import loader
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from games.notifications import preferences

from .models import TIME_ZONE_CHOICES, User

logger = logging.getLogger(__name__)

ZONES = sorted(set(zoneinfo.available_timezones()) & {tz for tz, _label in TIME_ZONE_CHOICES})


class ZoneInput(forms.TextInput):
    """A text box that suggests every zone name as you type (`<input list>` and a `<datalist>`)."""

    template_name = "accounts/zone_input.html"

    def __init__(self):
        super().__init__(attrs={"list": "time-zones", "autocomplete": "off", "spellcheck": "false"})

    def get_context(self, name, value, attrs):
        context = super().get_context(name, value, attrs)
        context["zones"] = ZONES
        return context


def clean_zone(value: str) -> str:
    value = (value or "").strip()
    if value not in ZONES:
        raise forms.ValidationError(_("Choose a time zone from the list, for example Europe/Paris."))
    return value


class SignUpForm(UserCreationForm):
    email = forms.EmailField(label=_("E-mail"), help_text=_("For password resets and turn reminders."))
    # Filled in by the browser (static/js/timezone.js); UTC when it cannot tell.
    time_zone = forms.CharField(required=False, widget=forms.HiddenInput(attrs={"data-browser-time-zone": ""}))

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email", "time_zone")

    def clean_time_zone(self):
        try:
            return clean_zone(self.cleaned_data.get("time_zone"))
        except forms.ValidationError:
            return "UTC"

    def clean_email(self):
        email = self.cleaned_data["email"].strip()
        if User.objects.filter(email__iexact=email).exists():
            raise forms.ValidationError(_("An account with this e-mail already exists."))
        return email


class ProfileForm(forms.ModelForm):
    """The settings page: account, language and zone, and which notices come how (a row per
    kind of notice: on the site, web push, e-mail), the digest hour and quiet hours."""

    time_zone = forms.CharField(label=_("Time zone"), widget=ZoneInput(), help_text=_("Type a city to search, for example Paris."))

    class Meta:
        model = User
        fields = ("email", "language", "time_zone", "digest_hour", "quiet_start", "quiet_end", "auto_vacation")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["language"].required = False  # left out: keep the saved one
        self.fields["digest_hour"].required = False
        current = preferences.all_kinds(self.instance)
        for kind, label in preferences.KINDS.items():
            now = current[kind]
            self.fields[f"{kind}_site"] = forms.BooleanField(label=_("On the site"), required=False, initial=now["site"])
            self.fields[f"{kind}_push"] = forms.BooleanField(label=_("Web push"), required=False, initial=now["push"])
            self.fields[f"{kind}_mail"] = forms.ChoiceField(
                label=_("By e-mail"), choices=preferences.MAIL_CHOICES, initial=now["mail"], required=False)

    def account_fields(self):
        return [self[name] for name in ("email", "language", "time_zone", "auto_vacation")]

    def timing_fields(self):
        return [self[name] for name in ("digest_hour", "quiet_start", "quiet_end")]

    def matrix(self):
        """One row per kind of notice: its name and its three channel fields."""
        return [(label, self[f"{kind}_site"], self[f"{kind}_push"], self[f"{kind}_mail"])
                for kind, label in preferences.KINDS.items()]

    def clean_language(self):
        return self.cleaned_data.get("language") or self.instance.language

    def clean_time_zone(self):
        return clean_zone(self.cleaned_data.get("time_zone"))

    def clean_digest_hour(self):
        hour = self.cleaned_data.get("digest_hour")
        return hour if hour is not None else (self.instance.digest_hour if self.instance.digest_hour is not None else 8)

    def clean(self):
        data = super().clean()
        if (data.get("quiet_start") is None) != (data.get("quiet_end") is None):
            raise forms.ValidationError(_("Give quiet hours both a start and an end, or neither."))
        return data

    def save(self, commit=True):
        user = super().save(commit=False)
        user.notify_prefs = {
            kind: {"site": self.cleaned_data[f"{kind}_site"], "push": self.cleaned_data[f"{kind}_push"],
                   "mail": self.cleaned_data[f"{kind}_mail"] or preferences.for_kind(user, kind)["mail"]}
            for kind in preferences.KINDS
        }
        if commit:
            user.save()
        return user


class PasswordResetForm(auth_forms.PasswordResetForm):
    """The reset link goes out in the account's language, not the asking browser's, built from
    the configured site address (not the Host the request came with), as text and HTML."""

    def save(self, **kwargs):
        site = urlsplit(settings.SITE_URL)
        kwargs.update(domain_override=site.netloc, use_https=site.scheme == "https",
                      html_email_template_name="registration/password_reset_email_html.html")
        kwargs["extra_email_context"] = {**(kwargs.get("extra_email_context") or {}),
                                         "site_url": settings.SITE_URL.rstrip("/")}
        return super().save(**kwargs)

    def send_mail(self, subject_template_name, email_template_name, context, from_email, to_email,
                  html_email_template_name=None):
        """Django's, with a Message-ID in the site's domain: the machine's own name (often
        `localhost`) beside a reset token that looks like a Bitcoin address is a spam sign."""
        user = context["user"]
        context = {**context, "lang": user.language or settings.LANGUAGE_CODE, "site_name": "Chicken Island Online"}
        with translation.override(user.language):
            subject = "".join(loader.render_to_string(subject_template_name, context).splitlines())
            body = loader.render_to_string(email_template_name, context)
            message = EmailMultiAlternatives(subject, body, from_email, [to_email], headers={
                "Message-ID": make_msgid(domain=urlsplit(settings.SITE_URL).hostname or None)})
            if html_email_template_name:
                message.attach_alternative(loader.render_to_string(html_email_template_name, context), "text/html")
        try:
            message.send()
        except Exception:
            logger.exception("Failed to send password reset email to %s", user.pk)
