import zoneinfo

from django import forms
from django.contrib.auth import forms as auth_forms
from django.contrib.auth.forms import UserCreationForm
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from .models import TIME_ZONE_CHOICES, User

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
    time_zone = forms.CharField(label=_("Time zone"), widget=ZoneInput(), help_text=_("Type a city to search, for example Paris."))

    class Meta:
        model = User
        fields = ("email", "language", "time_zone", "notify_turn", "notify_reminders", "digest_hour", "auto_vacation")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["language"].required = False  # left out: keep the saved one

    def clean_language(self):
        return self.cleaned_data.get("language") or self.instance.language

    def clean_time_zone(self):
        return clean_zone(self.cleaned_data.get("time_zone"))


class PasswordResetForm(auth_forms.PasswordResetForm):
    """The reset link goes out in the account's language, not the asking browser's."""

    def send_mail(self, subject_template_name, email_template_name, context, *args, **kwargs):
        with translation.override(context["user"].language):
            super().send_mail(subject_template_name, email_template_name, context, *args, **kwargs)
