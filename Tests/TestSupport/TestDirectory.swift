// TestDirectory: fresh folders for files the tests write, all under one folder per test process,
// which is removed when the process exits (no folder left behind in /tmp).
import Foundation

public enum TestDirectory {
    /// The process's folder, created once, with its removal registered at exit.
    private static let root: URL = {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("bidirender-tests-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: TestDirectory.root) }
        return url
    }()

    /// A new empty folder named after `prefix`.
    public static func fresh(_ prefix: String) throws -> URL {
        let url = root.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
