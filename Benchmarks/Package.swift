// swift-tools-version:6.1
// BidiRender's benchmarks, on ordo-one's package-benchmark. A package of its own, so the root package
// and CI stay light. Run them with `make bench` from the repository root.
import PackageDescription

let package = Package(
    name: "BidiRenderBenchmarks",
    dependencies: [
        .package(url: "https://github.com/ordo-one/package-benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(name: "BidiRender", path: ".."),
    ],
    targets: [
        // FriBidi's C API for the raw baseline, through pkg-config.
        .systemLibrary(name: "CFriBidiRaw", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"])]),
        // The baseline itself, in C: FriBidi with preallocated buffers, no Swift in the loop.
        .target(name: "RawFriBidi", dependencies: ["CFriBidiRaw"]),
        // ICU's ubidi in C, the other well-known UAX #9 implementation.
        .target(name: "RawICU", linkerSettings: [.linkedLibrary("icuuc")]),
        // Pango's FreeType backend (pangoft2, fontconfig), through pkg-config.
        .systemLibrary(name: "CPangoFT2", pkgConfig: "pangoft2", providers: [.apt(["libpango1.0-dev"])]),
        // The Pango comparison in C: a full layout (itemize, fallback, shape, break) on our fonts only.
        .target(name: "RawPango", dependencies: ["CPangoFT2"]),
        // Pango's Cairo backend and Cairo's image surfaces, through pkg-config.
        .systemLibrary(name: "CPangoCairo", pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev", "libcairo2-dev"])]),
        // The rendering comparison in C: the same Pango layout drawn by Cairo into an image surface.
        .target(name: "RawPangoCairo", dependencies: ["RawPango", "CPangoCairo"]),
        // libraqm (with FreeType), through pkg-config.
        .systemLibrary(name: "CRaqm", pkgConfig: "raqm", providers: [.apt(["libraqm-dev"])]),
        // The raqm comparison in C: bidi, itemization and shaping of a message as one line.
        .target(name: "RawRaqm", dependencies: ["CRaqm"]),
        // Memory soak: a million layouts on one engine, resident size reported as it goes.
        .executableTarget(
            name: "Soak",
            dependencies: [
                .product(name: "BidiRender", package: "BidiRender"),
                "BenchCorpus",
                "BenchSupport",
                "RawICU",
            ]
        ),
        // make bench's target ratios, measured interleaved (ours, baseline, in rounds), and the
        // operations that scripts/bench-report.py counts instructions of under callgrind.
        .executableTarget(
            name: "Ratios",
            dependencies: [
                .product(name: "BidiRender", package: "BidiRender"),
                "BenchCorpus",
                "BenchSupport",
                "RawFriBidi",
                "RawICU",
                "RawPango",
                "RawPangoCairo",
            ]
        ),
        // The root package's chat corpus (Tests/ChatCorpus, not a product), through the symlink
        // Sources/BenchCorpus, under a module name of its own.
        .target(name: "BenchCorpus"),
        // What the benchmarks and Soak build alike (the styled benchmark's spans).
        .target(name: "BenchSupport", dependencies: [.product(name: "BidiRender", package: "BidiRender"), "BenchCorpus"]),
        .executableTarget(
            name: "BidiBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "BidiRender", package: "BidiRender"),
                "BenchCorpus",
                "BenchSupport",
                "RawFriBidi",
                "RawICU",
                "RawPango",
                "RawPangoCairo",
                "RawRaqm",
            ],
            path: "Benchmarks/BidiBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
