// swift-tools-version:6.1
// BidiRender's libFuzzer targets: the layout pipeline, the bidi engines against each other and ICU,
// the font manifest loader, the compose scene parser and renderer, the CLI's JSON Lines reader
// and its query command, and message catalogs with their arguments. A package of its own, built with
// `swift build --sanitize=fuzzer --sanitize=address`; run it with `make fuzz SECONDS=…` from the
// repository root.
import PackageDescription

let package = Package(
    name: "BidiRenderFuzz",
    dependencies: [
        .package(name: "BidiRender", path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // The whole layout pipeline, with numbers taken from the input's bytes.
        .executableTarget(
            name: "LayoutFuzzer",
            dependencies: [.product(name: "BidiRender", package: "BidiRender")],
            // libFuzzer supplies main().
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        // The native engine against the FriBidi engine against ICU's ubidi, on every input. ICU's
        // wrapper is the tests' oracle, compiled here through the symlink ICUBidiOracle.swift ->
        // Tests/BidiRenderTests/Bidi/ICUBidiOracle.swift (CICUBridge comes with the BidiRender product's
        // targets); a debug build allows the testable import.
        .executableTarget(
            name: "BidiDiffFuzzer",
            dependencies: [.product(name: "BidiRender", package: "BidiRender")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        // The font manifest loader on arbitrary bytes.
        .executableTarget(
            name: "ManifestFuzzer",
            dependencies: [.product(name: "BidiRender", package: "BidiRender")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        // The scene parser on arbitrary bytes, each scene resolved and drawn both ways, PNG and SVG.
        .executableTarget(
            name: "SceneFuzzer",
            dependencies: [.product(name: "BidiRender", package: "BidiRender")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        // The CLI's sources (an executable target cannot be a dependency), compiled again as a library
        // through the symlink Sources/BidiRenderCLICore -> ../../Sources/bidirender, without the
        // file that holds @main.
        .target(
            name: "BidiRenderCLICore",
            dependencies: [
                .product(name: "BidiRender", package: "BidiRender"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            exclude: ["BidiRenderCommand.swift"]
        ),
        // The CLI's JSON Lines reader: line limits, decoding (syntax, duplicate and unknown keys),
        // the layout and reorder fields, and the windowed process, on arbitrary lines.
        .executableTarget(
            name: "JSONLFuzzer",
            dependencies: ["BidiRenderCLICore", .product(name: "BidiRender", package: "BidiRender")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        // A message catalog and its arguments from arbitrary bytes: every key formats or fails with an
        // error that names the file and the key.
        .executableTarget(
            name: "CatalogFuzzer",
            dependencies: [.product(name: "BidiRender", package: "BidiRender")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        // `bidirender query` on an arbitrary text and command line: parsing, layout and answers.
        .executableTarget(
            name: "QueryFuzzer",
            dependencies: ["BidiRenderCLICore", .product(name: "BidiRender", package: "BidiRender")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
    ],
    swiftLanguageModes: [.v6]
)
