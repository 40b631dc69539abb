"""What a person does in the browser before playing: sign up, log in."""

from tests.factories import PASSWORD


def sign_up(page, name):
    page.goto("/accounts/signup/")
    page.fill("#id_username", name)
    page.fill("#id_email", f"{name}@example.com")
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.click("main button[type=submit]")
    page.wait_for_url("**/")


def log_in(page, name):
    page.goto("/accounts/login/")
    page.fill("#id_username", name)
    page.fill("#id_password", PASSWORD)
    page.click("main button[type=submit]")
    page.wait_for_url("**/")
