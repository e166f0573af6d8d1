package io.engram.cli.ui;

import io.engram.cli.output.Examples;
import io.engram.cli.global.GlobalOptions;
import io.engram.cli.global.UserFacingException;
import io.engram.cli.output.JsonOption;
import io.engram.cli.output.JsonOutput;
import io.engram.service.ServiceClient;
import io.engram.cli.integration.ServiceStarter;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code engram ui}: a one-time login link to the web UI of the current project, opened or printed. */
@Examples({
    "engram ui",
    "engram ui --print-url"})
@Command(
    name = "ui",
    mixinStandardHelpOptions = true,
    description = {
      "Open Engram's web UI for this project.",
      "The resident service serves it on 127.0.0.1 (it is started when it does not run). The link logs one browser"
          + " tab in, once, within a few minutes; the page then holds a session token (no cookie), and every request"
          + " without it is refused. Opens the link with xdg-open (or open on macOS) when there is one, else prints it."})
public final class UiCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--print-url", description = "Print the login link and open nothing.")
  boolean printUrl;

  @Mixin JsonOption json;

  /** What {@code --json} prints. */
  record Link(String url, boolean opened) {}

  @Override
  public Integer call() throws Exception {
    GlobalOptions global = GlobalOptions.of(spec);
    Path home = global.roots().engramHome();
    Duration answer = Duration.ofMillis(global.settings().service().answerMillis());
    ServiceClient service = running(global, home, answer);
    String url = service.uiLoginUrl(global.roots().projectDir(), answer)
        .orElseThrow(() -> new UserFacingException("ui: the service at " + service.info().url()
            + " gave no login link; see " + home.resolve("service/service.log")));
    boolean opened = !printUrl && !json.enabled() && open(url);
    PrintWriter out = spec.commandLine().getOut();
    if (json.enabled()) {
      JsonOutput.print(out, new Link(url, false));
    } else if (printUrl) {
      out.println(url);
    } else {
      out.println((opened ? "opened " : "open this link in a browser (it works once): ") + url);
    }
    out.flush();
    return 0;
  }

  private static ServiceClient running(GlobalOptions global, Path home, Duration answer) throws Exception {
    Optional<ServiceClient> running = ServiceClient.running(home, answer).map(ServiceClient.Running::client);
    if (running.isPresent()) {
      return running.get();
    }
    ServiceStarter.startInBackground(home, global.environment(), global.settings().service());
    int wait = global.settings().service().startWaitSeconds();
    Instant deadline = Instant.now().plusSeconds(wait);
    while (running.isEmpty() && Instant.now().isBefore(deadline)) {
      Thread.sleep(50);
      running = ServiceClient.running(home, answer).map(ServiceClient.Running::client);
    }
    return running.orElseThrow(() -> new UserFacingException("ui: the service did not answer within " + wait
        + " s; see " + home.resolve("service/service.log")));
  }

  // The desktop's opener; false when there is none or it fails (the link is printed instead).
  private static boolean open(String url) {
    for (String opener : List.of("/usr/bin/xdg-open", "/usr/bin/open")) {
      if (Files.isExecutable(Path.of(opener))) {
        try {
          Process p = new ProcessBuilder(opener, url).redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
          // Not a setting: an opener hands the URL to the browser and exits at once; past 5 s the URL printed serves.
          return p.waitFor(5, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
          return false;
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return false;
        }
      }
    }
    return false;
  }
}
