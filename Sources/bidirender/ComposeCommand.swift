// `bidirender compose`: draws a scene (Examples/compose/*.json) to PNG or SVG, mirrored for a
// right-to-left UI as AWERTL does, or prints the resolved scene as JSON.
import ArgumentParser
import BidiRender
import Foundation

/// Compose output formats.
enum ComposeFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case png, svg, json
}

extension TextDirection: ExpressibleByArgument {}

struct ComposeCommand: ParsableCommand, OutputCommand {
    static let configuration = CommandConfiguration(
        commandName: "compose",
        abstract: "Draw a UI scene (groups, texts, images, rectangles) to PNG or SVG, mirrored in RTL.",
        discussion: """
            In an RTL scene the whole canvas is mirrored and each node's viewType (auto, inherit, \
            normal, flip, normalWithAllDescendants, flipWithAllDescendants) says whether its own content \
            is flipped back to face the reader, as the AWERTL framework does. Text nodes are laid out \
            with the scene's direction as their paragraph direction. --format json prints the resolved \
            scene: every node's path, kind, canvas frame, view type and whether it is drawn mirrored. \
            --debug outlines frames (blue; magenta with a corner mark where content is mirrored). \
            A scene's images must be regular files inside its folder (symlinks resolved) unless \
            --allow-image-paths-outside-folder; a scene is at most 16 MB and 10,000 nodes, and its \
            images decode to at most 100 megapixels in all, each file decoded once.
            """
    )

    @Argument(help: "The scene JSON file.")
    var scene: String

    @Option(name: .shortAndLong, help: "The output file (.png or .svg; .json or none with --format json).")
    var output: String?

    @OptionGroup var png: PNGOptions

    @Option(help: "png, svg or json (default: from the output file's extension).")
    var format: ComposeFormat?

    @Option(help: "ltr or rtl: overrides the scene's direction.")
    var direction: TextDirection?

    @Option(parsing: .unconditional, help: "Device pixels per px: 1, 2 or 3.")
    var scale: Int = 1

    @Flag(help: "Outline every frame and mark mirrored content.")
    var debug = false

    @Flag(help: "Let the scene name image files outside its own folder (only for a scene you trust).")
    var allowImagePathsOutsideFolder = false

    @Option(help: "A fonts.json manifest (default: the embedded fonts).")
    var fonts: String?

    @Flag(inversion: .prefixedNo, help: "Fall back to installed system fonts through fontconfig.")
    var systemFonts = true

    var composeFormat: ComposeFormat? {
        format ?? output.flatMap { ComposeFormat(rawValue: ($0 as NSString).pathExtension.lowercased()) }
    }

    func validate() throws {
        guard let composeFormat else {
            throw ValidationError("cannot tell the format from '\(output ?? "")': give --format png, svg or json")
        }
        if composeFormat != .json, output == nil { throw ValidationError("give the output file with -o") }
        // A file named for one format is never written in another (JSON in x.png).
        if let format, let output, let named = ComposeFormat(rawValue: (output as NSString).pathExtension.lowercased()), named != format {
            throw ValidationError("--format \(format.rawValue) but -o '\(output)' names a .\(named.rawValue) file: give one or the other")
        }
        guard (1...3).contains(scale) else { throw ValidationError("--scale must be 1, 2 or 3") }
        try png.check(writesPNG: composeFormat == .png)
    }

    func run() throws {
        var out = StandardOutput()
        try execute(into: &out)
    }

    func execute(into out: inout some TextOutputStream) throws {
        var scene = try Scene(contentsOf: self.scene, allowsPathsOutsideFolder: allowImagePathsOutsideFolder)
        if let direction { scene.direction = direction }
        let options = ComposeOptions(scale: scale, debug: debug)
        if composeFormat == .json {
            var json = ""
            scene.resolved().writeJSON(to: &json)
            if let output {
                try AtomicFile.write(to: output) { $0.write(bytes: Array((json + "\n").utf8)) }
            } else {
                print(json, to: &out)
            }
            return
        }
        let registry = try fonts.map { path throws in try FontRegistry(manifestPath: path, systemFallback: systemFonts) }
            ?? FontRegistry.embedded(systemFallback: systemFonts)
        let renderer = try SceneRenderer(engine: LayoutEngine(registry: registry))
        let bytes: [UInt8]
        let resolved: ResolvedScene
        if composeFormat == .png {
            (bytes, resolved) = try renderer.png(scene, options: options, compressionLevel: png.level, rowFilters: png.rowFilters)
        } else {
            let svg: String
            (svg, resolved) = try renderer.svg(scene, options: options)
            bytes = Array(svg.utf8)
        }
        try AtomicFile.write(to: output!) { $0.write(bytes: bytes) }
        let mirrored = resolved.nodes.filter(\.mirrored).count
        // A PNG's size as written (a scene of 10.5 px is an image of 11); an SVG's as declared.
        let size = (composeFormat == .png ? PNGSize.text(bytes) : nil)
            ?? "\(JSONText.number(scene.width * Double(scale)))×\(JSONText.number(scene.height * Double(scale))) px"
        print("wrote \(output!) (\(composeFormat!.rawValue), \(size), \(scene.direction.rawValue), \(resolved.nodes.count) nodes, \(mirrored) drawn mirrored)", to: &out)
    }
}
