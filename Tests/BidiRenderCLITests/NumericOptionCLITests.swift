// Every numeric option of every command on -1, 0x10, 1e400 and nan: a usage error (exit status 64)
// that names the option, never "Missing value" (a negative number reaches the range check) and
// never a hexadecimal number read as one.
import Foundation
import Testing
import TestSupport

@Suite struct NumericOptionCLITests {
    /// Each numeric option: the command line before it, its name, and the word its error names.
    static let options: [([String], String, String)] = [
        (["layout", "ab"], "--size", "size"),
        (["layout", "ab"], "--width", "width"),
        (["layout", "ab"], "--max-lines", "max-lines"),
        (["layout", "ab"], "--line-height", "line-height"),
        (["layout", "ab"], "--weight", "--weight"),
        (["layout", "--jsonl"], "--jobs", "jobs"),
        (["reorder", "--jsonl"], "--jobs", "jobs"),
        (["segment", "--jsonl"], "--jobs", "jobs"),
        (["preview", "--field", "a=b"], "--max-graphemes", "max-graphemes"),
        (["inspect", "ab"], "--clamp-marks", "clamp-marks"),
        (["preview", "--field", "a=b"], "--width", "width"),
        (["render", "ab", "-o", "x.png"], "--padding", "padding"),
        (["render", "ab", "-o", "x.png"], "--scale", "scale"),
        (["render", "ab", "-o", "x.png"], "--caret", "caret"),
        (["render", "ab", "-o", "x.png"], "--selection", "selection"),
        (["render", "ab", "-o", "x.png"], "--size", "size"),
        (["render", "ab", "-o", "x.png"], "--ink-overflow", "ink-overflow"),
        (["query", "ab", "--caret", "0"], "--size", "size"),
        (["query", "ab", "--caret", "0"], "--line-height", "line-height"),
        (["format", "follow", "--catalog", "Examples/catalog", "--locale", "ar"], "--size", "size"),
        (["format", "follow", "--catalog", "Examples/catalog", "--locale", "ar"], "--weight", "--weight"),
        (["render", "ab", "-o", "x.png"], "--png-level", "png-level"),
        (["bubble", "ab", "--width", "200", "-o", "x.png"], "--png-level", "png-level"),
        (["compose", "scene.json"], "--scale", "scale"),
        (["compose", "scene.json"], "--png-level", "png-level"),
        (["fonts"], "--weight", "--weight"),
    ]

    /// Every option with every bad value (in a sanitizer build, every fourth pair: still every
    /// option and every value, as each option has five), and the spans' and points' own numbers.
    static let cases: [([String], String)] = TestScale.sample(options.flatMap { option in
        ["-1", "0x10", "1e400", "nan", "0x1p4"].map { (option.0 + [option.1, $0], option.2) }
    }) + [
        (["layout", "ab", "--span", "0:1:size=0x10"], "size \"0x10\" must be a size in px"),
        (["layout", "ab", "--span", "0:1:size=-1"], "size \"-1\" must be a size in px"),
        (["query", "ab", "--point", "0x10,1"], "--point 0x10,1: expected X,Y"),
    ]

    @Test(arguments: cases)
    func isAUsageErrorNamingTheOption(_ arguments: [String], _ name: String) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        // segment and inspect read no fonts and have no font options.
        let fonts = ["segment", "inspect"].contains(arguments.first) ? [] : ["--no-system-fonts"]
        let result = try runBinary(arguments + fonts, stdin: Array("{\"text\":\"a\"}\n".utf8), currentDirectory: root)
        // A caret offset's range is known once the text is laid out: -1 fails there (exit status 1).
        let status: Int32 = arguments.suffix(2) == ["--caret", "-1"] ? 1 : 64
        #expect(result.status == status, "\(arguments): exit status \(result.status), \(result.stderr)")
        #expect(result.stderr.contains(name), "\(arguments): \(result.stderr)")
        #expect(!result.stderr.contains("Missing value"), "\(arguments): \(result.stderr)")
    }
}
