package io.engram.config;

/**
 * The resident service ({@code engram daemon}). It exits after {@code idleSeconds} without a request or
 * pending work; {@code port} 0 takes the previous run's port when it is free, else any free one (a fixed
 * port keeps an MCP client's URL stable); {@code workers} threads do the background work of all projects
 * (one project's work runs in order), and the queue of that work is read again every
 * {@code queueRescanSeconds} for what a failed run left behind. A hook client waits {@code answerMillis}
 * for an answer (below {@code hooks.contextTimeoutSeconds}: a slow answer is still in time, as a JVM started
 * after it gave up would not be), {@code sessionEndAnswerMillis} at SessionEnd (Claude Code gives that event
 * about 1.5 s in all); PreCompact waits up to {@code preCompactWaitSeconds} for the session notes to be
 * brought up to date before Claude Code compacts; {@code engram daemon start} waits up to {@code startWaitSeconds} for the
 * service to answer. The service's Java heap grows as needed up to {@code maxHeapMiB} (a store of 10,000 memories
 * used about 160 MiB of it).
 */
public record ServiceSettings(
    @Setting(byDefault = "1_800", min = 1, help = "Seconds without a request or pending work after which the"
        + " service exits") int idleSeconds,
    @Setting(byDefault = "0", min = 0, max = 65_535, help = "The service's port; 0 takes the previous run's when"
        + " free, else any") int port,
    @Setting(byDefault = "2", min = 1, help = "Threads doing the background work of all projects") int workers,
    @Setting(byDefault = "30", min = 1, help = "Seconds between reads of the work queue for what a failed run"
        + " left behind") int queueRescanSeconds,
    @Setting(byDefault = "8_000", min = 100, help = "How long a hook client waits for the service's answer, in"
        + " ms") int answerMillis,
    @Setting(byDefault = "800", min = 100, help = "How long the SessionEnd hook waits for the service's answer,"
        + " in ms") int sessionEndAnswerMillis,
    @Setting(byDefault = "20", min = 0, help = "Seconds PreCompact waits for the session notes to be brought up"
        + " to date") int preCompactWaitSeconds,
    @Setting(byDefault = "30", min = 1, help = "Seconds engram daemon start waits for the service to answer")
        int startWaitSeconds,
    @Setting(byDefault = "512", min = 64, help = "The service's largest Java heap, in MiB")
        int maxHeapMiB) implements SettingsSection<ServiceSettings> {
  public static final ServiceSettings DEFAULTS = SettingDeclarations.defaults(ServiceSettings.class);
}
