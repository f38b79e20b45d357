# JupyterHub on this machine, for the local trial of the school's set-up (see trial.py):
# JupyterHub from PyPI, configurable-http-proxy from npm (make chp), each user's server a
# local process (SimpleLocalProcessSpawner), a dummy login (any user name, one password).
# Everything else as on Kubernetes (config.yaml): the lessons as Binder builds them (binder/
# postBuild's Voilà settings), Start here as the landing page, the tutor's server extension
# on and JupyterLab off, the class store's address given to every server, the hub group
# "teachers" marked by the very hook config.yaml gives the hub.
#
# Set by trial.py: GIN_HUB_STATE (a folder), GIN_HUB_PORT, GIN_HUB_API_PORT,
# GIN_PROXY_API_PORT, GIN_CLASS_DB.
import json
import os
import subprocess
import sys
from pathlib import Path

import yaml

c = get_config()  # type: ignore[name-defined]  # noqa: F821

here = Path(__file__).resolve().parent
repo = here.parent.parent
state = Path(os.environ["GIN_HUB_STATE"])
k8s = yaml.safe_load((here / "config.yaml").read_text())

c.JupyterHub.bind_url = f"http://127.0.0.1:{os.environ['GIN_HUB_PORT']}"
c.JupyterHub.hub_bind_url = f"http://127.0.0.1:{os.environ['GIN_HUB_API_PORT']}"
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{os.environ['GIN_PROXY_API_PORT']}"
c.ConfigurableHTTPProxy.command = [
    str(repo / "build" / "chp" / "node_modules" / ".bin" / "configurable-http-proxy")
]
c.ConfigurableHTTPProxy.pid_file = str(state / "proxy.pid")
c.JupyterHub.db_url = f"sqlite:///{state / 'hub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(state / "cookie_secret")

c.JupyterHub.authenticator_class = "dummy"
c.DummyAuthenticator.password = os.environ.get("GIN_HUB_PASSWORD", "trial")
c.Authenticator.allow_all = True
c.JupyterHub.load_groups = {"teachers": {"users": ["teacher"]}}

c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = str(state / "home" / "{username}")
c.Spawner.notebook_dir = str(repo)
c.Spawner.default_url = k8s["singleuser"]["defaultUrl"]
c.Spawner.cmd = [str(Path(sys.executable).with_name("jupyterhub-singleuser"))]
c.Spawner.args = ["--allow-root"] if os.geteuid() == 0 else []
c.Spawner.start_timeout = 180
c.Spawner.http_timeout = 180

# The server's settings as the image has them: binder/postBuild writes Voilà's into the
# Jupyter config folder, and config.yaml's extraFiles put the extension's file beside it.
jupyter_config, system_config = state / "jupyter-config", state / "etc-jupyter"
for folder in (jupyter_config, system_config):
    folder.mkdir(parents=True, exist_ok=True)
subprocess.run(
    ["bash", str(repo / "binder" / "postBuild")],
    check=True,
    env={
        **os.environ,
        "JUPYTER_CONFIG_DIR": str(jupyter_config),
        "PYTHONPATH": str(repo),
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
    },
    capture_output=True,
)
extension = k8s["singleuser"]["extraFiles"]["gin-class"]
target = system_config / Path(extension["mountPath"]).name  # /etc/jupyter on Kubernetes
target.write_text(json.dumps(extension["data"], indent=2))

c.Spawner.environment = {
    "GIN_CLASS_DB": os.environ["GIN_CLASS_DB"],
    "PYTHONPATH": str(repo),
    "JUPYTER_CONFIG_DIR": str(jupyter_config),
    "JUPYTER_CONFIG_PATH": str(system_config),
    "JUPYTER_PLATFORM_DIRS": "1",
}

exec(k8s["hub"]["extraConfig"]["gin-teachers"])  # the teachers' hook, as on Kubernetes
