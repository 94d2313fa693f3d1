// PNGOptions: how `render`, `bubble` and `compose` compress a PNG: zlib's level and libpng's row
// filters (the library's `Renderer.png(_:options:compressionLevel:rowFilters:)`). The pixels are the
// same at every setting; only the file's size and the time to write it change.
import ArgumentParser
@_spi(Tools) import BidiRender

struct PNGOptions: ParsableArguments {
    @Option(
        name: .customLong("png-level"), parsing: .unconditional,
        help: "zlib's level for a PNG, 0 (stored: largest, fastest) to 9 (smallest, slowest); 3 is libpng's fast setting. (default: 3)")
    var levelGiven: Int?

    /// --png-level, or libpng's fast setting.
    var level: Int { levelGiven ?? PNGSettings.fastLevel }

    @Flag(
        name: .customLong("png-filters"),
        help: "Let libpng choose a filter for each PNG row (smaller photographs and gradients, slower; rendered text rarely gains).")
    var rowFilters = false

    /// Refuses --png-level and --png-filters where no PNG is written (they were ignored): `writesPNG`
    /// says whether one is.
    func check(writesPNG: Bool) throws {
        guard !writesPNG, levelGiven != nil || rowFilters else { return }
        throw ValidationError("--png-level and --png-filters set how a PNG is compressed: no PNG is written here, drop them")
    }

    func validate() throws {
        do {
            try PNGSettings.check(level: level)
        } catch {
            throw ValidationError("--png-level must be a zlib level from 0 (stored) to 9 (smallest), not \(level)")
        }
    }
}
