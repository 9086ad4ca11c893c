// The shared fakes, waits and temporary directories, for every file of this target.
@_exported import RoloTestSupport
