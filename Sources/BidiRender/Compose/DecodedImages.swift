// DecodedImages: the images scenes and `--inline …:image=FILE` read, decoded once per process. A
// server that composes many cards from the same avatar or background decodes each file once, not
// once per card. An entry is found by the file's real path and what stat(2) says of it (device,
// inode, size, modification time to the nanosecond), so a file rewritten in place is decoded again;
// it is kept only when the file was the same before it was read and after it was decoded. The
// cache holds at most `byteBudget` bytes of pixels, the oldest entries dropped first; an image
// larger than that is decoded each time.
//
// Thread-safety: one lock around the table; decoding happens outside it.

import Foundation

enum DecodedImages {
    /// The most bytes of RGBA pixels kept: 64 MiB (16 megapixels, a few hundred avatars).
    static let byteBudget = 64 << 20

    /// What identifies one version of a file.
    struct Key: Hashable {
        /// The real path (symlinks resolved).
        var path: String
        /// The file itself: a path replaced by another file (a rename over it) is another key.
        var device: UInt64, inode: UInt64
        /// Its size and modification time: a file rewritten in place is another key.
        var size: Int64, seconds: Int, nanoseconds: Int

        /// The key of the regular file at `path` now, or nil when it cannot be stat'ed or is not one.
        init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
            self.path = path
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            size = Int64(info.st_size)
            seconds = info.st_mtim.tv_sec
            nanoseconds = info.st_mtim.tv_nsec
        }
    }

    private struct Table {
        var images: [Key: RGBAImage] = [:]
        /// Keys in insertion order, the oldest first.
        var order: [Key] = []
        var bytes = 0
    }

    private static let table = Locked(Table())

    /// The decoded image of the file at `key`, if one is kept.
    static func image(for key: Key) -> RGBAImage? {
        table.withLock { $0.images[key] }
    }

    /// Keeps `image` as the file at `key` decoded, when the file still has that key and the image
    /// fits the budget; drops the oldest entries to make room.
    static func keep(_ image: RGBAImage, for key: Key) {
        let bytes = image.pixels.count
        guard bytes <= byteBudget, Key(path: key.path) == key else { return }
        table.withLock { table in
            guard table.images[key] == nil else { return }
            while table.bytes + bytes > byteBudget, !table.order.isEmpty {
                let oldest = table.order.removeFirst()
                table.bytes -= table.images.removeValue(forKey: oldest)?.pixels.count ?? 0
            }
            table.images[key] = image
            table.order.append(key)
            table.bytes += bytes
        }
    }
}
