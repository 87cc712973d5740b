#!/usr/bin/env python3
"""Packs the CLIs scripts/release/build-cli.sh built into Python wheels, one per platform:

    scripts/release/build-wheels.py [--out DIR] [PLATFORM ...]

out/cli/PLATFORM/rangefind(.exe) becomes out/wheels/rangefind-VERSION-py3-none-TAG.whl, whose
only content besides its metadata is that binary as a script: `pip install rangefind` puts
`rangefind` on the environment's PATH, the same binary npm ships, with no Python code in
between (what maturin's `bindings = "bin"` does, without compiling the CLI a second time).
Every platform built is packed when none is named. `wheel pack` (the `wheel` package, which
build-cli.sh installs beside zig) writes the archive and its RECORD of hashes.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# The environment build-cli.sh installs its tools in, `wheel` among them.
RELEASE_TOOLS = Path(
    os.environ.get("RANGEFIND_RELEASE_TOOLS")
    or Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "rangefind" / "release-tools"
)

# The wheel tags of each platform. The Linux binaries are static (musl), so they run on any
# glibc or musl distribution: they carry both tags, manylinux2014 as well for pip < 20.3.
PLATFORM_TAGS = {
    "linux-x64": ["manylinux_2_17_x86_64", "manylinux2014_x86_64", "musllinux_1_1_x86_64"],
    "linux-arm64": ["manylinux_2_17_aarch64", "manylinux2014_aarch64", "musllinux_1_1_aarch64"],
    # Rust's oldest supported macOS for each architecture.
    "darwin-x64": ["macosx_10_12_x86_64"],
    "darwin-arm64": ["macosx_11_0_arm64"],
    "win32-x64": ["win_amd64"],
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("platforms", nargs="*", metavar="PLATFORM", help=", ".join(PLATFORM_TAGS))
    parser.add_argument("--out", type=Path, default=ROOT / "out" / "wheels")
    args = parser.parse_args()

    for platform in args.platforms:
        if platform not in PLATFORM_TAGS:
            sys.exit(f"build-wheels: unknown platform {platform!r}: expected one of {', '.join(PLATFORM_TAGS)}")
    platforms = args.platforms or [p for p in PLATFORM_TAGS if binary_of(p).is_file()]
    if not platforms:
        sys.exit("build-wheels: no CLI built: run scripts/release/build-cli.sh first")
    missing = [p for p in platforms if not binary_of(p).is_file()]
    if missing:
        sys.exit(f"build-wheels: {binary_of(missing[0])} is missing: run scripts/release/build-cli.sh {' '.join(missing)}")

    python = wheel_python()
    version = workspace_version()
    args.out.mkdir(parents=True, exist_ok=True)
    for platform in platforms:
        print(pack_wheel(python, platform, version, args.out))


def wheel_python() -> str:
    """A Python that has `wheel`: build-cli.sh's tools, else this one."""
    for python in (RELEASE_TOOLS / "bin" / "python", Path(sys.executable)):
        if python.exists() and subprocess.run([python, "-m", "wheel", "version"], capture_output=True).returncode == 0:
            return str(python)
    sys.exit("build-wheels: no Python with `wheel`: run scripts/release/build-cli.sh (it installs it) or pip install wheel")


def binary_of(platform: str) -> Path:
    name = "rangefind.exe" if platform.startswith("win32") else "rangefind"
    return ROOT / "out" / "cli" / platform / name


def workspace_version() -> str:
    cargo = tomllib.loads((ROOT / "Cargo.toml").read_text())
    version = cargo["workspace"]["package"]["version"]
    if "-" in version:
        # npm's 1.2.0-beta.1 is not PEP 440; refuse rather than publish a second spelling.
        sys.exit(f"build-wheels: version {version} is a pre-release: give it a PEP 440 spelling first")
    return version


def pack_wheel(python: str, platform: str, version: str, out: Path) -> Path:
    binary = binary_of(platform)
    with tempfile.TemporaryDirectory() as stage:
        unpacked = Path(stage) / f"rangefind-{version}"
        scripts = unpacked / f"rangefind-{version}.data" / "scripts"
        scripts.mkdir(parents=True)
        shutil.copy2(binary, scripts / binary.name)
        os.chmod(scripts / binary.name, 0o755)

        info = unpacked / f"rangefind-{version}.dist-info"
        (info / "licenses").mkdir(parents=True)
        for license_file in ("LICENSE-MIT", "LICENSE-APACHE"):
            shutil.copy2(ROOT / license_file, info / "licenses" / license_file)
        (info / "METADATA").write_text(metadata(version))
        tags = "".join(f"Tag: py3-none-{tag}\n" for tag in PLATFORM_TAGS[platform])
        (info / "WHEEL").write_text(
            "Wheel-Version: 1.0\n"
            "Generator: rangefind scripts/release/build-wheels.py\n"
            "Root-Is-Purelib: false\n" + tags
        )
        subprocess.run(
            [python, "-m", "wheel", "pack", "--dest-dir", str(out), str(unpacked)],
            check=True,
            stdout=subprocess.DEVNULL,
        )
    # wheel pack names the file with the tags in its own order.
    for wheel in out.glob(f"rangefind-{version}-py3-none-*.whl"):
        if set(wheel.name.removesuffix(".whl").split("-")[-1].split(".")) == set(PLATFORM_TAGS[platform]):
            return wheel
    sys.exit(f"build-wheels: wheel pack wrote no wheel for {platform} in {out}")


def metadata(version: str) -> str:
    cargo = tomllib.loads((ROOT / "Cargo.toml").read_text())["workspace"]["package"]
    readme = (ROOT / "scripts" / "release" / "pypi-README.md").read_text()
    return (
        "Metadata-Version: 2.4\n"
        "Name: rangefind\n"
        f"Version: {version}\n"
        "Summary: Full-text search for static sites and data sets, with no search server: "
        "the rangefind CLI (build an index, serve, search)\n"
        f"License-Expression: {cargo['license']}\n"
        "License-File: LICENSE-MIT\n"
        "License-File: LICENSE-APACHE\n"
        f"Project-URL: Repository, {cargo['repository']}\n"
        "Keywords: search,static-site,full-text,webassembly,sphinx,mkdocs\n"
        "Classifier: Environment :: Console\n"
        "Classifier: Topic :: Text Processing :: Indexing\n"
        "Classifier: Programming Language :: Rust\n"
        "Requires-Python: >=3.8\n"
        "Description-Content-Type: text/markdown\n"
        "\n" + readme
    )


if __name__ == "__main__":
    main()
