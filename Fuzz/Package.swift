// swift-tools-version:6.1
// BidiRender's libFuzzer target over the layout entry point. A package of its own, built with
// `swift build --sanitize=fuzzer --sanitize=address`; run it with `make fuzz SECONDS=…` from the
// repository root.
import PackageDescription

let package = Package(
    name: "BidiRenderFuzz",
    dependencies: [
        .package(name: "BidiRender", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "LayoutFuzzer",
            dependencies: [.product(name: "BidiRender", package: "BidiRender")],
            // libFuzzer supplies main().
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
    ],
    swiftLanguageModes: [.v6]
)
