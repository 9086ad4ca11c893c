import FlyingSocks
import Logging

/// Routes FlyingFox's own log lines into a swift-log `Logger`, because its default logger prints
/// to stderr and would scribble over rolo's full-screen terminal.
struct FlyingFoxLogger: FlyingSocks.Logging {
    let logger: Logger

    // FlyingFox logs every connection at info and every client hang-up as an error; both are
    // routine for a test server, so each level is shifted down one step.
    func logDebug(_ debug: @autoclosure () -> String) {
        logger.trace("\(debug())")
    }

    func logInfo(_ info: @autoclosure () -> String) {
        logger.debug("\(info())")
    }

    func logWarning(_ warning: @autoclosure () -> String) {
        logger.notice("\(warning())")
    }

    func logError(_ error: @autoclosure () -> String) {
        logger.warning("\(error())")
    }

    func logCritical(_ critical: @autoclosure () -> String) {
        logger.error("\(critical())")
    }
}
