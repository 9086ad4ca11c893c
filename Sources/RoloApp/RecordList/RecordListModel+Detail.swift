import Foundation
import RoloCore
import TerminalUI

/// The selected record: its full record from `detail_url` (fetched on open, kept for the run),
/// its picture and thumbnail through the shared pipeline, and its values to copy.
extension RecordListModel {
    public func selectionChanged(to rowID: String?) {
        if let previous = selectedID, previous != rowID, details[previous] == .loading {
            // Its fetch is cancelled below; a later visit asks again.
            details[previous] = nil
        }
        selectedID = rowID
        detailTask?.cancel()
        detailTask = nil
        let keep = rowID.flatMap(record(withID:)).flatMap { imageKey(of: $0) }
        pictures?.cancel { $0 == keep || $0.hasPrefix(thumbnailKeyPrefix) }
        fetchDetail()
        requestPicture()
    }

    public func detail(for rowID: String) -> [DetailBlock] {
        guard let record = record(withID: rowID) else { return [] }
        let fetch = details[rowID]
        var value = record.value
        if case .loaded(let full) = fetch { value = record.value.merging(full) }
        return RecordDetail.blocks(
            of: record, value: value, in: source, picture: picture(of: JSONRecord(id: record.id, value: value)), fetch: fetch,
            problems: templateProblems, lookups: lookupValues)
    }

    public func copyValues(for rowID: String) -> [CopyValue] {
        guard let record = record(withID: rowID) else { return [] }
        var value = record.value
        if case .loaded(let full) = details[rowID] { value = record.value.merging(full) }
        return RecordDetail.copyValues(of: record, value: value, in: source)
    }

    /// Fetches the selected record's `detail_url`, unless it was fetched (or failed) already
    /// since the list was: the record read closely is fetched once a list, even when its row's
    /// stored detail is fresh.
    func fetchDetail() {
        guard let pager, source.detailURL != nil, let id = selectedID, details[id] == nil, let record = record(withID: id) else {
            return
        }
        details[id] = .loading
        detailsAskedFor[id] = window?.attempt({ try store?.listedTexts(ofIDs: [id]) })??[id]
        detailTask = busy.task { [weak self] in
            let fetch: RecordDetail.Fetch
            do {
                fetch = .loaded(try await pager.detail(of: record) ?? .object([]))
            } catch let error as FetchError {
                fetch = .failed(error.message)
            } catch {
                fetch = .failed(String(describing: error))
            }
            guard let self, !Task.isCancelled else { return }
            self.detailTask = nil
            self.details[id] = fetch
            if case .loaded(let detail) = fetch { await self.detailArrived(detail, id: id) }
            if case .failed(let message) = fetch { self.logger.warning("detail of \(id) not fetched: \(message)") }
            self.requestPicture()
            self.onEvent(.changed)
        }
    }

    /// The records whose detail, fetched or in flight for the selection, was asked for the
    /// record as it is listed now: a refresh page that rewrote others leaves them be, even
    /// while the store is still saving the detail.
    func detailsListedAsAsked() -> Set<String> {
        let candidates = Set(details.keys.filter { id in
            guard detailsAskedFor[id] != nil else { return false }
            switch details[id] {
            case .loaded: return true
            case .loading: return id == selectedID && detailTask != nil
            default: return false
            }
        })
        guard !candidates.isEmpty, let listed = window?.attempt({ try store?.listedTexts(ofIDs: candidates) }) ?? nil else {
            return []
        }
        return candidates.filter { listed[$0] == detailsAskedFor[$0] }
    }

    // MARK: - Pictures

    public var canShowThumbnails: Bool { pictures != nil && imageLoader != nil && source.thumbnail != nil }

    /// Rows of a thumbnail: the screen's taller rows are three lines.
    static let thumbnailSize = Size(width: 6, height: 3)

    var thumbnailKeyPrefix: String { "custom/\(source.name)/\(generation)/thumb/" }

    /// The key of the record's detail picture; nil when it has none.
    func imageKey(of record: JSONRecord) -> String? {
        source.image == nil ? nil : "custom/\(source.name)/\(generation)/image/\(record.id)"
    }

    public func pictureSlotChanged(to slot: Size) {
        guard slot != pictureSlot else { return }
        pictureSlot = slot
        requestPicture()
    }

    /// The row's thumbnail when ready, asking for it the first time it is drawn.
    func thumbnail(of record: JSONRecord) -> CellImage? {
        guard showsThumbnails, let pictures, let template = source.thumbnail,
              let load = loader(RecordPicture(template, record: record.value))
        else { return nil }
        let size = Self.thumbnailSize
        if case .ready(let image) = pictures.picture(thumbnailKeyPrefix + record.id, columns: size.width, rows: size.height, load: load) {
            return image
        }
        return nil
    }

    /// Asks for the selected record's picture at the slot's size (of the full record once
    /// fetched); the store starts it once.
    func requestPicture() {
        guard let pictures, let id = selectedID, let record = record(withID: id), let key = imageKey(of: record),
              let template = source.image, let load = loader(RecordPicture(template, record: shownValue(record)))
        else { return }
        pictures.picture(key, columns: pictureSlot.width, rows: pictureSlot.height, load: load)
    }

    /// The detail's picture: the image when ready, else initials with a word on why; nil when
    /// the source has no `image`.
    func picture(of record: JSONRecord) -> Picture? {
        guard let template = source.image else { return nil }
        let name = RecordDetail.label(of: record, in: source)
        var picture = Picture(initials: Picture.initials(of: name), colorSeed: Self.colorSeed(record.id))
        guard let pictures, imageLoader != nil else { return picture }
        switch RecordPicture(template, record: record.value) {
        case nil: picture.caption = "no picture"
        case .invalid(let reason)?: picture.caption = "picture can't be shown: \(reason)"
        case .url?, .bytes?:
            guard let key = imageKey(of: record) else { return picture }
            picture.show(pictures.state(key, columns: pictureSlot.width, rows: pictureSlot.height), in: pictureSlot, noun: "picture")
        }
        return picture
    }

    /// The record as the detail shows it: the full one once fetched.
    private func shownValue(_ record: JSONRecord) -> JSONValue {
        if case .loaded(let full) = details[record.id] { return record.value.merging(full) }
        return record.value
    }

    /// How the pipeline gets a picture's bytes: the disk cache or the network for an address,
    /// the record itself for base64; nil for none, or without a loader. An address on the
    /// configured URL's origin is fetched with the source's headers (an avatar behind the same
    /// token as the API), any other without them; the disk cache is the source's own.
    private func loader(_ picture: RecordPicture?) -> ImagePipeline.Loader? {
        switch picture {
        case .url(let url)?:
            guard let imageLoader else { return nil }
            let headers = endpoint?.headers(for: url) ?? [:]
            let secrets = endpoint?.secrets ?? []
            return { bypass in
                do {
                    return try await imageLoader.load(url, headers: headers, bypassCache: bypass)
                } catch let error as FetchError {
                    throw error.redacting(secrets)
                }
            }
        case .bytes(let data)?:
            return imageLoader == nil ? nil : { @Sendable _ in data }
        case .invalid?, nil:
            return nil
        }
    }

    /// A stable colour for a record's initials, from its id.
    static func colorSeed(_ id: String) -> Int {
        id.unicodeScalars.reduce(0) { ($0 &* 31 &+ Int($1.value)) & 0xFFFF }
    }
}
