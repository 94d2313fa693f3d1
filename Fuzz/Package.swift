// swift-tools-version:6.1
// BidiRender's libFuzzer targets: the layout pipeline, the bidi engines against each other and ICU,
// and the font manifest loader. A package of its own, built with
// `swift build --sanitize=fuzzer --sanitize=address`; run it with `make fuzz SECONDS=…` from the
// repository root.
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
        // wrapper is internal to the library: a debug build allows the testable import.
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
    ],
    swiftLanguageModes: [.v6]
)
