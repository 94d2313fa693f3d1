// swift-tools-version:6.1
// BidiRender's libFuzzer targets: the layout pipeline, the bidi engines against each other and ICU,
// the font manifest loader, the compose scene parser and renderer, the JSON Lines reader and the
// layout queries (the library's wire format, which the CLI calls, through `@_spi(Tools)`), and message
// catalogs with their arguments. Every fuzzer links the library only. A package of its own, built
// with `swift build --sanitize=fuzzer --sanitize=address`; run it with `make fuzz SECONDS=…` from
// the repository root.
import PackageDescription

let package = Package(
    name: "BidiRenderFuzz",
    dependencies: [
        .package(name: "BidiRender", path: ".."),
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
        // The library's JSON Lines reader (the CLI's `--jsonl`): line limits, decoding (syntax,
        // duplicate and unknown keys), the layout and reorder requests, and the windowed process.
        .executableTarget(
            name: "JSONLFuzzer",
            dependencies: [.product(name: "BidiRender", package: "BidiRender")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        // A message catalog and its arguments from arbitrary bytes: every key formats or fails with an
        // error that names the file and the key.
        .executableTarget(
            name: "CatalogFuzzer",
            dependencies: [.product(name: "BidiRender", package: "BidiRender")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        // `bidirender query`'s queries on an arbitrary text and arguments: parsing, layout and answers.
        .executableTarget(
            name: "QueryFuzzer",
            dependencies: [.product(name: "BidiRender", package: "BidiRender")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        // `bidirender bubble --jsonl` lines: decoding, the bubble's fields, the bubble and its promises.
        .executableTarget(
            name: "BubbleFuzzer",
            dependencies: [.product(name: "BidiRender", package: "BidiRender")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        // `bidirender preview`: fields, spans, spoilers, templates and widths; the preview's promises.
        .executableTarget(
            name: "PreviewFuzzer",
            dependencies: [.product(name: "BidiRender", package: "BidiRender")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
    ],
    swiftLanguageModes: [.v6]
)
