// swift-tools-version:6.1
// A library client of BidiRender, exactly as the README's "Use it as a dependency" says (its snippet
// is this file's dependencies and targets; ReadmeSamplesTests checks they agree): a package of its
// own that depends on BidiRender by path. `make check-client` (part of `make test`) builds and runs
// it. ../BidiRender is a link to the repository root, so that the dependency is named "BidiRender"
// whatever the clone's folder is called.
import PackageDescription

let package = Package(
    name: "Client",
    dependencies: [
        // A clone of this repository beside your package, in a folder named BidiRender (SwiftPM names
        // a path dependency after its folder, and `package:` below uses that name). From a git server:
        // .package(url: "<this repository's URL>", from: "0.1.0", traits: []),
        .package(path: "../BidiRender", traits: []),
    ],
    targets: [
        .executableTarget(name: "Client", dependencies: [.product(name: "BidiRender", package: "BidiRender")]),
    ],
    swiftLanguageModes: [.v6]
)
