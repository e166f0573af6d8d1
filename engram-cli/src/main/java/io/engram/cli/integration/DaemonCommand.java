package io.engram.cli.integration;

import io.engram.cli.output.Examples;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.engram.cli.global.EngramVersion;
import io.engram.cli.global.GlobalOptions;
import io.engram.cli.global.UserFacingException;
import io.engram.cli.output.JsonOption;
import io.engram.cli.output.JsonOutput;
import io.engram.service.EngramService;
import io.engram.service.ServiceClient;
import io.engram.cli.integration.ServiceStarter;
import io.engram.service.ServiceStatus;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code engram daemon start|stop|status|run}: the resident service that answers hooks without a JVM start. */
@Examples({
    "engram daemon start",
    "engram daemon status"})
@Command(
    name = "daemon",
    mixinStandardHelpOptions = true,
    description = {
      "Start, stop or inspect Engram's resident service.",
      "One service per Engram home serves every project: it keeps the settings, the stores and the embedding"
          + " model loaded, answers the hooks (the engram launcher reaches it over bash's /dev/tcp or with curl,"
          + " so a hook costs no JVM start and recalls with vectors) and does the extraction, notes and dream of"
          + " Stop, PreCompact and SessionEnd in the background, from a durable queue. It listens on 127.0.0.1 only"
          + " and refuses callers without the token in <home>/service/token (mode 0600). It exits after"
          + " ${bundle:service.idleSeconds} s without a request (service.idleSeconds); a hook that finds it down starts it again."},
    subcommands = {DaemonCommand.Start.class, DaemonCommand.Stop.class, DaemonCommand.Status.class,
        DaemonCommand.Run.class})
public final class DaemonCommand implements Runnable {
  @Spec CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /** What {@code start} and {@code stop} print with --json. */
  @JsonInclude(JsonInclude.Include.NON_ABSENT)
  record Outcome(boolean running, String action, Optional<ServiceStatus> status) {}

  abstract static class Base implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Mixin JsonOption json;

    GlobalOptions global() {
      return GlobalOptions.of(spec);
    }

    Path home() {
      return global().roots().engramHome();
    }

    Duration answerWait() {
      return Duration.ofMillis(global().settings().service().answerMillis());
    }

    void printStatus(PrintWriter out, ServiceStatus s) {
      out.printf("engram service %s: pid %d, %s, up %s%n", s.version(), s.pid(), s.addresses().hooks(),
          human(s.uptimeSeconds()));
      out.printf("  MCP (streamable HTTP): %s, headers 'Authorization: Bearer <%s>' and 'Engram-Project: <dir>'%n",
          s.addresses().mcp(), Path.of(s.home(), "service", "token"));
      out.printf("  home %s; exits after %s without a request (last one %s ago); %d requests answered%n", s.home(),
          human(s.idleExitSeconds()), human(s.secondsSinceLastRequest()), s.requests());
      out.printf("  memory: %d MiB resident, Java heap %d of %d MiB%n", s.memory().residentMiB(),
          s.memory().heapUsedMiB(), s.memory().heapCommittedMiB());
      out.printf("  background work: %d waiting or running, %d failed (%s)%n", s.queue().pending() + s.queue().running(),
          s.queue().failed(), Path.of(s.home(), "service", "queue", "failed"));
      if (s.queue().embedding() > 0) {
        out.printf("  embedding the memories recall's index still lacks: %d project(s)%n", s.queue().embedding());
      }
      out.printf("  projects served: %d%n", s.projects().size());
      s.projects().forEach(p -> out.printf("    %s (last %s)%n", p.dir(), p.lastServed()));
      out.flush();
    }

    static String human(long seconds) {
      return seconds < 120 ? seconds + " s" : seconds < 7_200 ? seconds / 60 + " min" : seconds / 3_600 + " h";
    }
  }

  @Examples({
      "engram daemon start"})
  @Command(name = "start", mixinStandardHelpOptions = true,
      description = {"Start the service in the background unless it runs; wait until it answers."})
  static final class Start extends Base {
    @Override
    public Integer call() throws Exception {
      // Asked, not read from a file: service.json may name a live process that is not Engram.
      Optional<ServiceClient.Running> running = ServiceClient.running(home(), answerWait());
      String action = "already running";
      if (running.isEmpty()) {
        ServiceStarter.startInBackground(home(), global().environment(), global().settings().service());
        Instant deadline = Instant.now().plusSeconds(global().settings().service().startWaitSeconds());
        while (running.isEmpty() && Instant.now().isBefore(deadline)) {
          Thread.sleep(50);
          running = ServiceClient.running(home(), answerWait());
        }
        if (running.isEmpty()) {
          throw new UserFacingException("daemon start: the service did not answer within "
              + global().settings().service().startWaitSeconds() + " s; see " + home().resolve("service/service.log"));
        }
        action = "started";
      }
      ServiceStatus status = running.get().status();
      PrintWriter out = spec.commandLine().getOut();
      if (json.enabled()) {
        JsonOutput.print(out, new Outcome(true, action, Optional.of(status)));
      } else {
        out.println("engram service " + action + ".");
        printStatus(out, status);
      }
      return 0;
    }
  }

  @Examples({
      "engram daemon stop"})
  @Command(name = "stop", mixinStandardHelpOptions = true,
      description = {"Stop the service.", "It finishes the work it is doing and exits; the rest waits in its queue"
          + " for the next service."})
  static final class Stop extends Base {
    @Override
    public Integer call() throws Exception {
      String action = ServiceClient.stopRunning(home(), answerWait()).map(s -> "stopped (pid " + s.pid() + ")")
          .orElse("not running");
      PrintWriter out = spec.commandLine().getOut();
      if (json.enabled()) {
        JsonOutput.print(out, new Outcome(false, action, Optional.empty()));
      } else {
        out.println("engram service " + action + ".");
      }
      return 0;
    }
  }

  @Examples({
      "engram daemon status",
      "engram daemon status --json"})
  @Command(name = "status", mixinStandardHelpOptions = true,
      description = {"Show the service.", "Pid, uptime, address, projects served, memory use, background work.",
        "Exit 1 when no service runs for this home."})
  static final class Status extends Base {
    @Override
    public Integer call() {
      Optional<ServiceStatus> status = ServiceClient.running(home(), answerWait()).map(ServiceClient.Running::status);
      PrintWriter out = spec.commandLine().getOut();
      if (json.enabled()) {
        JsonOutput.print(out, new Outcome(status.isPresent(), status.isPresent() ? "running" : "not running", status));
      } else if (status.isPresent()) {
        printStatus(out, status.get());
      } else {
        out.println("no engram service runs for " + home() + " (a hook starts one; or: engram daemon start)");
      }
      out.flush();
      return status.isPresent() ? 0 : 1;
    }
  }

  @Examples({
      "engram daemon run"})
  @Command(name = "run", mixinStandardHelpOptions = true,
      description = {"Run the service in the foreground.", "Until it is stopped, idle or signalled: what 'start' runs"
          + " in the background, for a service manager. Logs go to stderr."})
  static final class Run implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Override
    public Integer call() throws Exception {
      GlobalOptions global = GlobalOptions.of(spec);
      Path home = global.roots().engramHome();
      PrintWriter err = spec.commandLine().getErr();
      EngramService service;
      try {
        service = EngramService.start(home, global.roots().userHome(), global.environment(),
            EngramVersion.number(), line -> {
              synchronized (err) {
                err.println(Instant.now() + " " + line);
                err.flush();
              }
            });
      } catch (EngramService.AlreadyRunning e) {
        err.println("engram daemon: " + e.getMessage());
        err.flush();
        return 0;
      }
      Runtime.getRuntime().addShutdownHook(new Thread(service::close, "engram-service-shutdown"));
      service.awaitStop();
      return 0;
    }
  }
}
