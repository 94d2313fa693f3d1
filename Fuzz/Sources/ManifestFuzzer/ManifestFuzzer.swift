// ManifestFuzzer: feeds arbitrary bytes to the font manifest loader, as a manifest from someone else
// would reach it. It must either load or throw a manifest error that names the file; never crash,
// hang, or open anything outside the manifest's folder.
@testable import BidiRender

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        let manifest = try FontManifest(data: bytes, path: "/nonexistent-fuzz-folder/fonts.json")
        _ = manifest
    } catch {
        precondition(error.description.contains("fonts.json"), "a manifest error must name the file: \(error)")
    }
    return 0
}
