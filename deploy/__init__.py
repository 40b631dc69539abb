"""Deployment: nginx and systemd files, the rehearsal, and the stack the deployment tests start."""
