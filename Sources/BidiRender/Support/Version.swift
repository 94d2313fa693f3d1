// Version: the one place the version is written. `bidirender --version`, `make deb` (which reads the
// CLI's --version) and the CHANGELOG's newest heading follow it (a test compares them).

/// The version of BidiRender, library and CLI: semantic versioning, `MAJOR.MINOR.PATCH`.
/// CHANGELOG.md says what each version changed; until 1.0.0 a minor version may change public API,
/// and the changelog marks each such change. Read it as `BidiRender.version`.
public let version = "0.1.0"
