// swift-tools-version:6.1
// BidiRender: mixed right-to-left / left-to-right text layout and rendering on FriBidi, HarfBuzz and
// FreeType. The heavy benchmark dependencies live in Benchmarks/Package.swift, not here.
import PackageDescription

let package = Package(
    name: "BidiRender",
    products: [
        .library(name: "BidiRender", targets: ["BidiRender"]),
        .executable(name: "bidirender", targets: ["bidirender"]),
    ],
    // The CLI's trait, on by default: the `bidirender` target links swift-argument-parser only with
    // it. A library-only client turns it off (`.package(…, traits: [])`, as the README and
    // Examples/Client do) and SwiftPM then neither fetches nor builds swift-argument-parser.
    traits: [
        .trait(name: "CommandLineTool", description: "The bidirender CLI's dependency on swift-argument-parser."),
        .default(enabledTraits: ["CommandLineTool"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CFriBidi",
            pkgConfig: "fribidi",
            providers: [.apt(["libfribidi-dev"])]
        ),
        .systemLibrary(
            name: "CHarfBuzz",
            pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"])]
        ),
        .systemLibrary(
            name: "CFreeType",
            pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]
        ),
        .systemLibrary(
            name: "CFontconfig",
            pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"])]
        ),
        .systemLibrary(
            name: "CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]
        ),
        // ICU behind a plain-C header (UAX #14 line breaking; ubidi for the tests' oracle only; localized
        // messages through icu::MessageFormat in icu_messages.cpp): a clang module of the system ICU
        // would clash with Foundation's own ICU.
        .target(
            name: "CICUBridge",
            linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("icui18n")]
        ),
        .target(
            name: "BidiRender",
            dependencies: ["CFriBidi", "CHarfBuzz", "CFreeType", "CFontconfig", "CPNG", "CICUBridge"]
        ),
        // The chat corpus the tests and benchmarks share (Benchmarks/ reaches it through a symlink),
        // and its JSON Lines dump for the batch benchmark and scripts/compare-output.sh. Neither is a
        // product: a user of the package does not see them.
        .target(name: "ChatCorpus", path: "Tests/ChatCorpus"),
        .executableTarget(name: "CorpusDump", dependencies: ["ChatCorpus"], path: "Tests/CorpusDump"),
        // 64 threads sharing one engine, for `make check-memory` (not a product either).
        .executableTarget(name: "ConcurrentCallers", dependencies: ["BidiRender", "ChatCorpus"], path: "Tests/ConcurrentCallers"),
        .executableTarget(
            name: "bidirender",
            dependencies: [
                "BidiRender",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["CommandLineTool"])),
            ]
        ),
        // Every Swift sample of README.md, compiled by `swift build` and run by `swift run ReadmeSamples`
        // (a test checks that each README sample is in these sources). Not a product.
        .executableTarget(name: "ReadmeSamples", dependencies: ["BidiRender"], path: "Examples/ReadmeSamples"),
        // Helpers both test targets share (temporary folders removed at exit).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // Pango (pangoft2), only as the tests' reference for carets, hit-testing and movement.
        .systemLibrary(
            name: "CPangoReference",
            path: "Tests/CPangoReference",
            pkgConfig: "pangoft2",
            providers: [.apt(["libpango1.0-dev"])]
        ),
        .testTarget(
            name: "BidiRenderTests",
            // CICUBridge directly: ICU's ubidi is the bidi tests' oracle (Bidi/ICUBidiOracle.swift).
            dependencies: ["BidiRender", "ChatCorpus", "TestSupport", "CPangoReference", "CICUBridge"],
            // Golden images and HarfBuzz's shaping tests with their fonts, read from the source tree by path
            // (#filePath), not bundled.
            exclude: ["Render/Goldens", "Conformance/HarfBuzzShapeTests"]
        ),
        .testTarget(
            name: "BidiRenderCLITests",
            dependencies: ["bidirender", "BidiRender", "TestSupport"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
