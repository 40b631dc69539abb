from django import forms
from django.contrib.auth import forms as auth_forms
from django.contrib.auth.forms import UserCreationForm
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from .models import User


class SignUpForm(UserCreationForm):
    email = forms.EmailField(label=_("E-mail"), help_text=_("For password resets and turn reminders."))

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")

    def clean_email(self):
        email = self.cleaned_data["email"].strip()
        if User.objects.filter(email__iexact=email).exists():
            raise forms.ValidationError(_("An account with this e-mail already exists."))
        return email


class ProfileForm(forms.ModelForm):
    class Meta:
        model = User
        fields = ("email", "language", "time_zone", "notify_turn", "notify_reminders", "digest_hour", "auto_vacation")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["language"].required = False  # left out: keep the saved one

    def clean_language(self):
        return self.cleaned_data.get("language") or self.instance.language


class PasswordResetForm(auth_forms.PasswordResetForm):
    """The reset link goes out in the account's language, not the asking browser's."""

    def send_mail(self, subject_template_name, email_template_name, context, *args, **kwargs):
        with translation.override(context["user"].language):
            super().send_mail(subject_template_name, email_template_name, context, *args, **kwargs)
