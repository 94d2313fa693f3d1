// swift-tools-version:6.1
// A library client of BidiRender, as the README's "Use it as a dependency" says: a package of its own
// that depends on BidiRender by path. `make check-client` (part of `make test`) builds and runs it.
// ../BidiRender is a link to the repository root, so that the dependency is named "BidiRender"
// whatever the clone's folder is called (SwiftPM names a path dependency after its folder).
import PackageDescription

let package = Package(
    name: "Client",
    dependencies: [
        // traits: [] leaves out the CLI's trait: swift-argument-parser is neither fetched nor built.
        .package(path: "../BidiRender", traits: []),
    ],
    targets: [
        .executableTarget(name: "Client", dependencies: [.product(name: "BidiRender", package: "BidiRender")]),
    ],
    swiftLanguageModes: [.v6]
)
