"""The shipped nginx site (deploy/nginx/chickenisland.conf) passes `nginx -t` as an operator
installs it: the proxy settings in snippets/, a certificate where certbot puts it (here a test
one), the site file in sites-enabled."""

from __future__ import annotations

import subprocess

import pytest

from deploy import stack

pytestmark = pytest.mark.services


def test_the_shipped_site_passes_nginx_t(nginx_installed, tmp_path):
    tmp_path.chmod(0o755)
    cert, key = stack.self_signed_certificate(tmp_path)
    site = (stack.ROOT / "deploy" / "nginx" / "chickenisland.conf").read_text()
    site = site.replace("/etc/letsencrypt/live/chickenisland.example/fullchain.pem", str(cert))
    site = site.replace("/etc/letsencrypt/live/chickenisland.example/privkey.pem", str(key))
    site = site.replace("include snippets/chickenisland-proxy.conf;", f"include {stack.PROXY_CONF};")
    site = site.replace("include snippets/chickenisland-live.conf;", f"include {stack.ROOT / 'deploy' / 'nginx' / 'chickenisland-live.conf'};")
    (tmp_path / "site.conf").write_text(site)
    (tmp_path / "nginx.conf").write_text(f"""
pid {tmp_path}/nginx.pid;
error_log {tmp_path}/error.log;
events {{ }}
http {{
    include /etc/nginx/mime.types;
    client_body_temp_path {tmp_path}/body;
    proxy_temp_path {tmp_path}/proxy;
    include {tmp_path}/site.conf;
}}
""")
    result = subprocess.run([stack.nginx_binary(), "-t", "-p", str(tmp_path), "-c", str(tmp_path / "nginx.conf"),
                             "-e", str(tmp_path / "error.log")], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "test is successful" in result.stderr
