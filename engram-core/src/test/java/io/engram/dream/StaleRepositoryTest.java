package io.engram.dream;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.memory.Memory;
import io.engram.memory.MemoryStores;
import io.engram.memory.MemoryType;
import io.engram.testing.TestResources;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The dream over a small repository (test resource {@code dream/stale-repo}): every memory that asserts a
 * path that does not exist is flagged with exactly the missing paths, and nothing that exists, is no path at
 * all, or is named only to be forbidden or said to be removed, is flagged.
 */
class StaleRepositoryTest {
  private static final Instant AT = Instant.parse("2026-05-01T09:00:00Z");

  @TempDir Path root;

  /** Memory name to body, and the references the dream must list as stale (empty: none). */
  private static final Map<String, String> BODIES = new LinkedHashMap<>();
  private static final Map<String, List<String>> MISSING = new LinkedHashMap<>();

  private static void memory(String name, String body, String... missing) {
    BODIES.put(name, body);
    MISSING.put(name, List.of(missing));
  }

  static {
    memory("order-flow", "Orders are created by `OrderService#create` in "
        + "src/main/java/com/acme/shop/order/OrderService.java:42. The old checkout lived in "
        + "src/main/java/com/acme/shop/checkout/CheckoutController.java until the rewrite.",
        "src/main/java/com/acme/shop/checkout/CheckoutController.java");
    memory("migrations", "Flyway migrations go in src/main/resources/db/migration/ (see V1__init.sql). The seed script is"
        + " scripts/seed.py; the old loader scripts/load_fixtures.sh was removed.");
    memory("setup-docs", "Setup: [setup guide](docs/setup.md), [architecture](docs/architecture.md#layers), [deploy"
        + " runbook](docs/deploy.md). Upstream: [Spring](https://spring.io/guides) and"
        + " https://github.com/acme/shop/blob/main/docs/other.md", "docs/deploy.md");
    memory("build", "Build with `./mvnw -q verify` (pom.xml at the root) or `make build` via the Makefile. CI runs"
        + " .github/workflows/ci.yml; the nightly job in .github/workflows/nightly.yml was dropped; the release job reads"
        + " .github/workflows/release.yml.", ".github/workflows/release.yml");
    memory("frontend", "The frontend is Vue.js 3 on Node.js 20; entry point frontend/src/index.ts, packages in"
        + " `frontend/package.json`. Styles used to be in frontend/src/styles/main.scss.",
        "frontend/src/styles/main.scss");
    memory("partial-paths", "`OrderService` is in order/OrderService.java and its test in OrderServiceTest.java; the"
        + " repository class order/OrderRepository.java is planned.", "order/OrderRepository.java");
    memory("chinese", "配置文件在src/main/resources/application.yml里，旧的在src/main/resources/application-old.yml。",
        "src/main/resources/application-old.yml");
    memory("bare-names", "Docker setup: Dockerfile and docker-compose.yml; docker-compose.override.yml is gone. Copy"
        + " .env.example before the first run. Logging: config/logback.xml.");
    memory("generated", "The jar lands in target/shop.jar and the bundle in frontend/dist/app.js; run `./mvnw package`.");
    memory("not-paths", "Domain code goes in com.acme.shop.order, e.g. value objects; i.e. no frameworks there."
        + " Versions 1.2.3 and v2.0.1 are out. Read/write access, CI/CD, TCP/IP and/or feature/checkout-v2."
        + " Dates like 2026/05/12 and 3/4 of the tests. The API is GET /api/orders/{id} and /health; issues on"
        + " github.com/acme/shop/issues; crates on docs.rs. Deployed to ~/apps/shop and /opt/shop/bin/start.sh;"
        + " MIME application/json; placeholders like path/to/file.txt.");
    memory("forbidden-file", "Never commit yarn.lock: this repository uses npm. Don't add `.yarnrc.yml` either.");
    memory("forbidden-file-zh", "npm 会生成 package-lock.json，我们只提交 pnpm-lock.yaml。不要提交 yarn.lock。");
    memory("fenced", "Recreate the schema:\n\n```\npsql -f sql/recreate_all.sql\n```\n\nThen `scripts/seed.py`.");
  }

  @Test
  void everyMissingPathIsFlaggedAndNoExistingOneIs() throws Exception {
    DreamFixture f = new DreamFixture(root);
    copyTree(TestResources.path("dream/stale-repo"), f.roots.projectDir());
    for (Map.Entry<String, String> e : BODIES.entrySet()) {
      f.memory(Memory.builder(e.getKey(), MemoryType.PROJECT).description(e.getKey()).body(e.getValue() + "\n")
          .build(), AT);
    }
    f.dream().run(new DreamOptions(true, false), DreamProgress.NONE);
    Map<String, Object> flagged = new LinkedHashMap<>();
    for (String name : BODIES.keySet()) {
      Memory m = MemoryStores.directory(f.memoryDir(), f.settings.memory(), Clock.systemUTC()).read(name)
          .orElseThrow().memory();
      flagged.put(name, m.unknownKeys().getOrDefault("stale", List.of()));
    }
    assertThat(flagged).isEqualTo(new LinkedHashMap<>(MISSING));
  }

  @Test
  void theFixtureHoldsEveryPathTheMemoriesSayExists() {
    Path repo = TestResources.path("dream/stale-repo");
    assertThat(repo.resolve(".github/workflows/ci.yml")).exists();
    assertThat(repo.resolve(".env.example")).exists();
    assertThat(repo.resolve("src/main/resources/db/migration/V1__init.sql")).exists();
  }

  private static void copyTree(Path from, Path to) throws Exception {
    try (Stream<Path> walk = Files.walk(from)) {
      for (Path p : walk.toList()) {
        Path target = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(target);
        } else {
          Files.copy(p, target);
        }
      }
    }
  }
}
