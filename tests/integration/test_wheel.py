"""The built wheel installs into a fresh venv with every subpackage, every .cypher file and the CLI."""

import os
import shutil
import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_wheel_contains_everything_and_runs(tmp_path):
    # built from a copy without build artefacts: a stale build/ of a working tree would add files since deleted
    src = tmp_path / "src"
    shutil.copytree(ROOT, src, ignore=shutil.ignore_patterns(".git", "build", "*.egg-info", "__pycache__"))
    subprocess.run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(tmp_path), str(src)],
                   check=True, capture_output=True, timeout=300)
    wheel = next(tmp_path.glob("graphmem-*.whl"))
    members = set(zipfile.ZipFile(wheel).namelist())
    for sub in ("graphmem", "graphmem/linking", "graphmem/cli", "graphmem/cypher", "graphmem/docker",
                "graphmem/short_term", "graphmem/write", "graphmem/recall"):
        assert f"{sub}/__init__.py" in members, sub
    cypher = {f"graphmem/cypher/{p.relative_to(ROOT / 'cypher').as_posix()}" for p in (ROOT / "cypher").rglob("*.cypher")}
    assert cypher and cypher <= members
    assert {"graphmem/docker/pom.xml", "graphmem/docker/neo4j.conf.template"} <= members
    lang = {f"graphmem/lang/{p.relative_to(ROOT / 'graphmem' / 'lang').as_posix()}"
            for p in (ROOT / "graphmem" / "lang").rglob("*") if p.suffix in (".txt", ".tsv", ".re", ".py")}
    assert len(lang) > 10 and lang <= members, sorted(lang - members)   # every language pack's data files

    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    py = env_dir / "bin" / "python"
    pip = subprocess.run([py, "-m", "pip", "install", "--no-deps", "--no-index", str(wheel)],
                         capture_output=True, text=True, timeout=300, cwd=tmp_path)
    script = env_dir / "bin" / "graphmem"
    # once (stop 60) the script was missing after an install that succeeded: say what pip did if it comes back
    assert pip.returncode == 0 and script.is_file(), (pip.stdout, pip.stderr, sorted(os.listdir(script.parent)))
    # dependencies come from the test venv's site-packages, appended after the fresh venv's own
    site = subprocess.run([py, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    Path(site, "deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    out = subprocess.run([script, "--help"], capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert out.returncode == 0 and "neo4j" in out.stdout and "doctor" in out.stdout
    listed = subprocess.run([py, "-c", "import graphmem, graphmem.queries as q; print(graphmem.__file__); "
                             "print('\\n'.join(q.names()))"], capture_output=True, text=True, check=True, cwd=tmp_path).stdout.split()
    assert listed[0].startswith(str(env_dir))
    assert len(listed[1:]) == len(cypher) and "schema/001_migration_name" in listed
