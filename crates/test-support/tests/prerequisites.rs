//! `scripts/prerequisites.sh --install`, which `scripts/test.sh` runs first, on a machine that
//! lacks everything: it installs what is missing itself when it can (as root, or through sudo
//! without a password), saying so, and only otherwise stops with the command. The machine is
//! faked: a folder of programs on `PATH` (`id`, `sudo`, `apt-get`, `rustup` that record what
//! they are asked), without Java, Chromium or cargo.

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;

fn script() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts/prerequisites.sh")
}

/// Where `program` is on the real `PATH`.
fn which(program: &str) -> PathBuf {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .map(|dir| dir.join(program))
        .find(|candidate| candidate.is_file())
        .unwrap_or_else(|| panic!("{program} is needed to run this test"))
}

/// A fake machine: the user `uid`, a sudo that asks a password or not, and a log of the calls.
fn machine(name: &str, uid: u32, sudo: Option<bool>) -> (PathBuf, PathBuf) {
    let dir = std::env::temp_dir().join(format!("harvest-prerequisites-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    let bin = dir.join("bin");
    fs::create_dir_all(&bin).unwrap();
    let log = dir.join("calls.log");
    for program in ["bash", "env", "sed", "head", "python3"] {
        std::os::unix::fs::symlink(which(program), bin.join(program)).unwrap();
    }
    let bash = which("bash");
    let write = |name: &str, body: &str| {
        let path = bin.join(name);
        fs::write(&path, format!("#!{}\n{body}\n", bash.display())).unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o755)).unwrap();
    };
    let record = format!("echo \"${{0##*/}} $*\" >> {}", log.display());
    write("id", &format!("[ \"$1\" = -u ] && echo {uid}"));
    write("apt-get", &record);
    write("rustup", &record);
    if let Some(without_password) = sudo {
        let answer = if without_password { "exit 0" } else { "exit 1" };
        write("sudo", &format!("[ \"$2\" = true ] && {answer}\n{record}\nshift\n\"$@\""));
    }
    (bin, log)
}

fn run(bin: &Path) -> std::process::Output {
    Command::new(which("bash")).arg(script()).arg("--install").env_clear().env("PATH", bin).output().unwrap()
}

fn calls(log: &Path) -> String {
    fs::read_to_string(log).unwrap_or_default()
}

#[test]
fn as_root_it_installs_what_is_missing_and_says_so() {
    let (bin, log) = machine("root", 0, None);
    let out = run(&bin);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(
        stderr.contains("Installing what the tests need: default-jre-headless chromium chromium-driver"),
        "{stderr}"
    );
    let calls = calls(&log);
    assert!(calls.contains("apt-get update -qq"), "{calls}");
    assert!(calls.contains("apt-get install -y -qq default-jre-headless chromium chromium-driver"), "{calls}");
    assert!(calls.contains("rustup component add rustfmt clippy"), "{calls}");
    assert!(!calls.contains("sudo"), "{calls}");
}

#[test]
fn through_sudo_without_a_password_it_installs_too() {
    let (bin, log) = machine("sudo", 1000, Some(true));
    let out = run(&bin);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let calls = calls(&log);
    assert!(calls.contains("sudo -n apt-get update -qq"), "{calls}");
    assert!(calls.contains("sudo -n env DEBIAN_FRONTEND=noninteractive apt-get install"), "{calls}");
    // rustup's components are the user's own.
    assert!(calls.contains("rustup component add rustfmt clippy") && !calls.contains("sudo -n rustup"), "{calls}");
}

#[test]
fn otherwise_it_stops_with_the_command() {
    for (name, sudo) in [("password", Some(false)), ("no-sudo", None)] {
        let (bin, log) = machine(name, 1000, sudo);
        let out = run(&bin);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{name}: {stderr}");
        assert!(stderr.contains("sudo apt-get install default-jre-headless chromium chromium-driver"), "{stderr}");
        assert!(stderr.contains("needs root, or sudo without a password"), "{stderr}");
        assert!(!calls(&log).contains("apt-get"), "{name}: nothing is installed");
    }
}
