import Foundation
import Logging

extension PortraitRenderer {
    /// This portrait drawn at `width`×`height` and encoded as the stand-in serves its pictures
    /// (quality 85). An encoding failure can't happen for a well-formed buffer; if it did, the
    /// picture would be empty and logged, and the server would stay up.
    func jpeg(width: Int, height: Int, logger: Logger, naming what: @autoclosure () -> String) -> Data {
        let rgb = render(width: width, height: height)
        do {
            return try JPEGEncoder.encode(rgb: rgb, width: width, height: height, quality: 85)
        } catch {
            logger.error("stand-in \(what()) could not be encoded: \(error)")
            return Data()
        }
    }
}
