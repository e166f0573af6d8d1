package io.engram.cli.team;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.service.EngramService;
import io.engram.service.ServiceClient;
import io.engram.hooks.HookEvent;
import io.engram.team.TeamRole;
import io.engram.team.testing.TeamPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The resident service watches the team store of each project it serves: a teammate's share reaches the mirror
 * through LISTEN/NOTIFY (the periodic fallback is minutes away); a project connected but not served yet catches
 * up after its first request, one connected while the service runs is watched from a later request; a database
 * that is down delays no hook, and what was queued meanwhile goes out once it is back, without a sync by hand.
 */
class ServiceTeamWatchTest {
  @RegisterExtension static final TeamPostgres PG = TeamPostgres.migratedWith("ada", "ben");

  @TempDir Path root;
  private final List<String> log = new ArrayList<>();
  private EngramService service;

  @AfterEach
  void stop() {
    if (service != null) {
      service.close();
    }
  }

  private ServiceClient serve(TeamMember member) throws Exception {
    service = EngramService.start(member.home, member.userHome,
        Map.of("ENGRAM_TEAM_PASSWORD", PG.database().password(member.name)), "test", line -> {
          synchronized (log) {
            log.add(line);
          }
        });
    return ServiceClient.find(member.home).orElseThrow();
  }

  private static ServiceClient.Reply ask(ServiceClient client, TeamMember member, String prompt) {
    return client.hook(HookEvent.USER_PROMPT_SUBMIT, "{\"session_id\":\"s1\",\"cwd\":\"" + member.clone
        + "\",\"prompt\":\"" + prompt + "\"}", Optional.empty(), Duration.ofSeconds(10)).orElseThrow();
  }

  private boolean logged(String text) {
    synchronized (log) {
      return log.stream().anyMatch(l -> l.contains(text));
    }
  }

  @Test
  void aTeammatesShareReachesTheServedProjectWithoutASync() throws Exception {
    TeamMember ada = new TeamMember(PG.database(), root, "ada", "git@github.com:acme/shop.git");
    TeamMember ben = new TeamMember(PG.database(), root, "ben", "https://github.com/acme/shop.git");
    ada.connect(TeamRole.WRITER);
    ben.connect(TeamRole.WRITER);
    ServiceClient client = serve(ben);
    String question = "in which order do we deploy the payments API?";
    assertThat(ask(client, ben, question).body()).doesNotContain("deploy-order");
    // The watcher's first sync runs once it listens: from then on only a notification brings news quickly.
    waitUntil(Duration.ofSeconds(10), () -> logged("team sync: pulled 0"));

    ada.remember("deploy-order", "project", "Deploy the payments API before the checkout workers, never after.");
    ada.ok("team", "share", "deploy-order");

    waitUntil(Duration.ofSeconds(10), () -> logged("team sync: pulled 1"));
    ServiceClient.Reply answer = ask(client, ben, question);
    assertThat(answer.status()).isEqualTo(200);
    assertThat(answer.body()).contains("deploy-order").contains("shared by ada");
    assertThat(ben.listed("deploy-order").get("scope").asText()).isEqualTo("team");
  }

  @Test
  void aConnectedProjectTheServiceHasNotServedYetCatchesUpAfterItsFirstRequest() throws Exception {
    TeamMember ada = new TeamMember(PG.database(), root, "ada", "git@github.com:acme/later.git");
    TeamMember ben = new TeamMember(PG.database(), root, "ben", "git@github.com:acme/later.git");
    ada.connect(TeamRole.WRITER);
    ben.connect(TeamRole.WRITER);
    ServiceClient client = serve(ben);
    ada.remember("feature-freeze", "project", "The feature freeze starts two days before every release branch cut.");
    ada.ok("team", "share", "feature-freeze");
    Thread.sleep(300);
    // The service watches only the projects it serves: nothing has pulled ada's share into ben's mirror yet.
    assertThat(logged("watching the team store")).isFalse();
    assertThat(ben.json("team", "status").get("teamMemories").asInt()).isZero();

    String question = "when does the feature freeze start before a release?";
    assertThat(ask(client, ben, question).status()).isEqualTo(200);

    // The first request starts the watcher in the background; its first sync brings what was shared meanwhile.
    waitUntil(Duration.ofSeconds(10), () -> logged("team sync: pulled 1"));
    assertThat(ask(client, ben, question).body()).contains("feature-freeze").contains("shared by ada");
  }

  @Test
  void aProjectConnectedWhileTheServiceRunsIsWatchedFromItsNextRequest() throws Exception {
    TeamMember ada = new TeamMember(PG.database(), root, "ada", "git@github.com:acme/connect-later.git");
    TeamMember ben = new TeamMember(PG.database(), root, "ben", "git@github.com:acme/connect-later.git");
    ada.connect(TeamRole.WRITER);
    // Looked at again one second after the first look, so that the test does not wait out the default.
    Files.writeString(ben.home.resolve("settings.json"),
        "{\"recall\":{\"vectors\":\"NEVER\"},\"team\":{\"watchFallbackSeconds\":1}}");
    ServiceClient client = serve(ben);
    String question = "which database does the staging stack use?";
    assertThat(ask(client, ben, question).status()).isEqualTo(200);
    ada.remember("staging-db", "project", "The staging stack uses the PostgreSQL 15 server on db-staging.");
    ada.ok("team", "share", "staging-db");

    ben.connect(TeamRole.WRITER);
    Thread.sleep(1_100);
    assertThat(ask(client, ben, question).status()).isEqualTo(200);

    waitUntil(Duration.ofSeconds(10), () -> logged("team sync: pulled 1"));
    assertThat(ask(client, ben, question).body()).contains("staging-db");
  }

  @Test
  void withTheTeamDatabaseDownHooksAreStillAnsweredAndWhatQueuedGoesOutWhenItIsBack() throws Exception {
    TeamMember ben = new TeamMember(PG.database(), root, "ben", "git@github.com:acme/down.git");
    ben.connect(TeamRole.WRITER);
    ben.remember("build-cache", "project", "The build cache lives in /var/cache/shop.");
    // Retries every second, so that the test does not wait out a longer backoff.
    Files.writeString(ben.home.resolve("settings.json"),
        "{\"recall\":{\"vectors\":\"NEVER\"},\"team\":{\"reconnectMaxSeconds\":1}}");
    PG.database().cluster().stop();
    try {
      ServiceClient client = serve(ben);
      long start = System.nanoTime();
      ServiceClient.Reply answer = ask(client, ben, "where does the build cache live?");
      assertThat(answer.status()).isEqualTo(200);
      assertThat(answer.body()).contains("build-cache");
      assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
      waitUntil(Duration.ofSeconds(10), () -> logged("team watcher: ") && logged("retrying in"));
      assertThat(ask(client, ben, "where does the build cache live?").status()).isEqualTo(200);
      assertThat(ben.json("team", "share", "build-cache").get("state").asText()).isEqualTo("queued");
    } finally {
      PG.database().cluster().start();
    }
    // The watcher's next attempt reconnects, and its first sync sends the outbox.
    waitUntil(Duration.ofSeconds(10), () -> logged("sent 1"));
    assertThat(ben.json("team", "status").get("pending")).isEmpty();
  }

  private static void waitUntil(Duration limit, BooleanSupplier done) throws InterruptedException {
    long deadline = System.nanoTime() + limit.toNanos();
    while (!done.getAsBoolean()) {
      assertThat(System.nanoTime()).as("waited " + limit).isLessThan(deadline);
      Thread.sleep(50);
    }
  }
}
