import CCurl
import Foundation

/// One I/O thread driving one curl multi handle: it sleeps in `curl_multi_poll` until a socket is
/// ready, one of libcurl's own deadlines is due, or `curl_multi_wakeup` says a request was added
/// or cancelled. No thread per request, no polling loop, no timer while nothing happens.
///
/// The multi handle keeps a pool of open connections, so requests to the same host (a sync's
/// pages, a list's images) reuse them; HTTP/2 over TLS multiplexes them on one.
///
/// libcurl itself is loaded by the I/O thread when the first request comes (see curl_loader.c):
/// the thread that sends never waits for it, and requests sent before it is ready queue up.
final class CurlEngine: @unchecked Sendable {
    private enum Command {
        case start(CurlTransfer)
        case cancel(CurlTransfer)
        case stop
    }

    /// Set by the I/O thread when libcurl is loaded, and back to nil before the handle is
    /// cleaned up; read under `lock` by senders.
    private var multi: UnsafeMutableRawPointer?
    /// Whether the I/O thread has ended (or is ending): commands are refused from then on.
    private var ended = false
    /// Signalled when the I/O thread has ended, its handles and connections cleaned up.
    private let threadEnded = DispatchSemaphore(value: 0)
    /// Why libcurl couldn't be loaded, once the I/O thread has tried and failed.
    private var libraryProblem: String?
    /// Signalled by every command until libcurl is loaded; the I/O thread waits for the first.
    private let firstCommand = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var commands: [Command] = []
    /// The transfers in the multi handle, by easy handle; the I/O thread's alone.
    private var active: [UnsafeMutableRawPointer: CurlTransfer] = [:]
    /// The threads that ran transfers, for the test that there is only one.
    private var ioThreads: Set<pthread_t> = []

    /// A day: the longest `curl_multi_poll` sleeps with nothing to do, instead of a timer.
    private static let idleWaitMilliseconds: Int32 = 86_400_000
    /// Connections open at once to one host; more requests wait for one to be free.
    private static let connectionsPerHost = 8
    private static let globalInit: Void = { _ = rolo_curl_global_init() }()

    /// Starts the I/O thread.
    init() {
        let thread = Thread { [self] in run() }
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// Hands `transfer` to the I/O thread.
    func start(_ transfer: CurlTransfer) { send(.start(transfer)) }

    /// Ends `transfer` and closes its connection, if it is still running.
    func cancel(_ transfer: CurlTransfer) { send(.cancel(transfer)) }

    /// Ends every transfer and the thread; nothing may be started after this.
    func stop() { send(.stop) }

    /// Ends every transfer and the thread, and waits at most `timeout` until the thread has
    /// cleaned up: a process about to exit must not have it freeing libcurl's (and OpenSSL's)
    /// memory while the exit handlers free the same. False when the thread didn't end in time.
    func stopAndWait(timeout: DispatchTimeInterval) -> Bool {
        send(.stop)
        guard threadEnded.wait(timeout: .now() + timeout) == .success else { return false }
        threadEnded.signal()  // for any later waiter: the thread stays ended
        return true
    }

    /// How many distinct threads have run transfers so far.
    var threadsUsed: Int { lock.withLock { ioThreads.count } }

    private func send(_ command: Command) {
        // Before the multi handle exists the I/O thread hasn't begun waiting: it reads the queue first.
        let (multi, missing, refused) = lock.withLock {
            if libraryProblem == nil, !ended { commands.append(command) }
            return (self.multi, libraryProblem, ended)
        }
        if refused {
            if case .start(let transfer) = command { transfer.finish(.failure(.cancelled(transfer.original.url))) }
        } else if let missing {
            refuse(command, because: missing)
        } else if let multi {
            curl_multi_wakeup(multi)
        } else {
            firstCommand.signal()
        }
    }

    /// Ends every request, queued or to come, with why libcurl couldn't be loaded.
    private func refuseEverything(because problem: String) {
        let pending = lock.withLock {
            libraryProblem = problem
            defer { commands = [] }
            return commands
        }
        for command in pending { refuse(command, because: problem) }
    }

    private func refuse(_ command: Command, because problem: String) {
        guard case .start(let transfer) = command else { return }
        transfer.finish(.failure(.libcurlMissing(transfer.original.url, detail: problem)))
    }

    private func run() {
        defer { threadEnded.signal() }
        rolo_name_this_thread("rolo-http")
        // Not before a request needs it: loading libcurl maps ~30 libraries, and a launch that
        // shows stored data would have it compete with the first frame for the CPU and for the
        // address space's lock.
        firstCommand.wait()
        let onlyStop = lock.withLock {
            let onlyStop = commands.allSatisfy { if case .stop = $0 { true } else { false } }
            if onlyStop { ended = true }
            return onlyStop
        }
        if onlyStop { return }
        if let problem = rolo_curl_load() {
            refuseEverything(because: String(cString: problem))
            return
        }
        _ = Self.globalInit
        let multi = curl_multi_init()!
        rolo_curl_multi_setopt_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, Self.connectionsPerHost)
        lock.withLock { self.multi = multi }
        let threadID = pthread_self()
        while true {
            let pending = lock.withLock {
                defer { commands = [] }
                return commands
            }
            var stopping = false
            for command in pending {
                switch command {
                case .start(let transfer):
                    lock.withLock { _ = ioThreads.insert(threadID) }
                    begin(transfer, in: multi)
                case .cancel(let transfer):
                    drop(transfer, from: multi)
                case .stop:
                    stopping = true
                }
            }
            if stopping { break }
            var running: Int32 = 0
            curl_multi_perform(multi, &running)
            collectFinished(multi)
            curl_multi_poll(multi, nil, 0, Self.idleWaitMilliseconds, nil)
        }
        // No sender may wake the handle once it is cleaned up: they see `ended` instead, and a
        // request that slipped in after the stop is ended here.
        let late = lock.withLock {
            ended = true
            self.multi = nil
            defer { commands = [] }
            return commands
        }
        for case .start(let transfer) in late { transfer.finish(.failure(.cancelled(transfer.original.url))) }
        for transfer in Array(active.values) {
            drop(transfer, from: multi)
            transfer.finish(.failure(.cancelled(transfer.original.url)))
        }
        curl_multi_cleanup(multi)
    }

    /// Adds `transfer`'s easy handle, unless it was cancelled before it began.
    private func begin(_ transfer: CurlTransfer, in multi: UnsafeMutableRawPointer) {
        guard !transfer.hasEnded else { return }
        guard let easy = transfer.prepare() else {
            transfer.finish(.failure(.timedOut(transfer.original.url, after: transfer.original.timeout)))
            transfer.release()
            return
        }
        active[easy] = transfer
        curl_multi_add_handle(multi, easy)
    }

    /// Takes `transfer` out of the multi handle, which closes a connection left mid-response.
    private func drop(_ transfer: CurlTransfer, from multi: UnsafeMutableRawPointer) {
        guard let easy = transfer.handle, active.removeValue(forKey: easy) != nil else { return }
        curl_multi_remove_handle(multi, easy)
        transfer.release()
    }

    /// Ends, or sends on to their redirect, the transfers libcurl reports done.
    private func collectFinished(_ multi: UnsafeMutableRawPointer) {
        var left: Int32 = 0
        while let message = curl_multi_info_read(multi, &left) {
            // Read before removing the handle: the message doesn't outlive it.
            guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle,
                let transfer = active[easy]
            else { continue }
            let code = message.pointee.data.result
            curl_multi_remove_handle(multi, easy)
            switch transfer.step(after: code) {
            case .follow:
                active.removeValue(forKey: easy)
                begin(transfer, in: multi)
            case .finished(let result):
                active.removeValue(forKey: easy)
                transfer.release()
                transfer.finish(result)
            }
        }
    }
}
