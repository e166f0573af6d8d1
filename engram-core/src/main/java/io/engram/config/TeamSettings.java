package io.engram.config;

/**
 * Team memory on PostgreSQL. {@code connectTimeoutSeconds} bounds the wait for the team database, so that a
 * sync with the database down says so quickly and leaves the changes queued; a command holds at most
 * {@code maxConnections} connections; a sync pulls changes {@code pullBatchSize} rows at a time. The resident
 * service's watcher syncs when PostgreSQL notifies a change, at most once every {@code watchDebounceMillis},
 * and every {@code watchFallbackSeconds} without one (what a lost notification costs); after a lost connection
 * it retries after 1 s, doubling up to {@code reconnectMaxSeconds}. One sync of a project runs at a time; another
 * waits up to {@code syncLockWaitSeconds} for it. A pulled batch's mirror files are forced to disk together
 * from up to {@code mirrorSyncThreads} threads (the file system then commits them in a few journal commits).
 */
public record TeamSettings(
    @Setting(byDefault = "5", min = 1, help = "Seconds to wait for the team database") int connectTimeoutSeconds,
    @Setting(byDefault = "2", min = 1, help = "Most database connections a command holds") int maxConnections,
    @Setting(byDefault = "1_000", min = 1, help = "Rows a sync pulls at a time") int pullBatchSize,
    @Setting(byDefault = "250", min = 0, help = "Least ms between two syncs the service's watcher runs on"
        + " notifications") int watchDebounceMillis,
    @Setting(byDefault = "300", min = 1, help = "Seconds after which the watcher syncs without a notification")
        int watchFallbackSeconds,
    @Setting(byDefault = "60", min = 1, help = "Longest wait in seconds before reconnecting to a lost database")
        int reconnectMaxSeconds,
    @Setting(byDefault = "60", min = 0, help = "Seconds a sync waits for another sync of the same project")
        int syncLockWaitSeconds,
    @Setting(byDefault = "16", min = 1, max = 256, help = "Threads forcing a pulled batch's mirror files to disk")
        int mirrorSyncThreads) implements SettingsSection<TeamSettings> {
  public static final TeamSettings DEFAULTS = SettingDeclarations.defaults(TeamSettings.class);
}
