package io.engram.cli.install;

import io.engram.fs.HomeLayout;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.engram.fs.AtomicFiles;
import io.engram.fs.FileLock;
import io.engram.hooks.AgentSetup;
import io.engram.hooks.HookDialect;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

/**
 * Where {@code engram hooks install} set Engram up, kept in {@code <home>/hooks-installed.json} so that {@code engram
 * uninstall} can take it out again (a project's files are nowhere else to be found): the Claude Code settings files
 * it wrote hooks into (a path each), and each other agent's setup ({@code {"agent", "scope", "project"}}). Written
 * atomically under a lock in {@code <home>/locks}; an entry this version cannot read is kept as it is.
 */
public final class InstalledHooks {
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private final Path file;
  private final Path lock;

  /** One agent's setup: the agent, the scope and the project it was installed from. */
  public record Setup(HookDialect dialect, AgentSetup.Scope scope, Path project) {}

  /** The record of the home {@code engramHome}. */
  public InstalledHooks(Path engramHome) {
    this.file = engramHome.resolve("hooks-installed.json");
    this.lock = HomeLayout.of(engramHome).lock("hooks-installed");
  }

  /** The Claude Code settings files recorded, in the order they were first written. */
  public List<Path> files() throws IOException {
    List<Path> out = new ArrayList<>();
    for (JsonNode n : entries()) {
      if (n.isTextual()) {
        out.add(Path.of(n.asText()));
      }
    }
    return out;
  }

  /** The other agents' setups recorded, in the order they were first made. */
  public List<Setup> setups() throws IOException {
    List<Setup> out = new ArrayList<>();
    for (JsonNode n : entries()) {
      if (n.isObject() && HookDialect.parse(n.path("agent").asText("")).isPresent()) {
        try {
          out.add(new Setup(HookDialect.parse(n.get("agent").asText()).orElseThrow(),
              AgentSetup.Scope.valueOf(n.path("scope").asText("").toUpperCase(Locale.ROOT)),
              Path.of(n.path("project").asText(""))));
        } catch (IllegalArgumentException e) {
          continue; // written by another version: left for it
        }
      }
    }
    return out;
  }

  /** Records that {@code settings} holds Engram's hooks. */
  public void added(Path settings) throws IOException {
    String path = settings.toAbsolutePath().normalize().toString();
    change(n -> n.isTextual() && n.asText().equals(path), JSON.getNodeFactory().textNode(path), true);
  }

  /** Records that {@code settings} no longer holds them. */
  public void removed(Path settings) throws IOException {
    String path = settings.toAbsolutePath().normalize().toString();
    change(n -> n.isTextual() && n.asText().equals(path), null, false);
  }

  /** Records {@code setup} as made. */
  public void added(Setup setup) throws IOException {
    change(same(setup), JSON.createObjectNode().put("agent", setup.dialect().agent().id())
        .put("scope", setup.scope().name().toLowerCase(Locale.ROOT))
        .put("project", setup.project().toAbsolutePath().normalize().toString()), true);
  }

  /** Records {@code setup} as taken out. */
  public void removed(Setup setup) throws IOException {
    change(same(setup), null, false);
  }

  private static Predicate<JsonNode> same(Setup setup) {
    String project = setup.project().toAbsolutePath().normalize().toString();
    return n -> n.isObject() && HookDialect.parse(n.path("agent").asText("")).filter(setup.dialect()::equals).isPresent()
        && n.path("scope").asText("").equalsIgnoreCase(setup.scope().name())
        && (setup.scope() == AgentSetup.Scope.USER || n.path("project").asText("").equals(project));
  }

  private ArrayNode entries() throws IOException {
    if (!Files.isRegularFile(file)) {
      return JSON.createArrayNode();
    }
    try {
      JsonNode all = JSON.readTree(file.toFile());
      if (all instanceof ArrayNode a) {
        return a;
      }
      throw new IOException("not a JSON array");
    } catch (IOException | RuntimeException e) {
      throw new IOException("the record of installed hooks " + file + " cannot be read: " + e.getMessage(), e);
    }
  }

  private void change(Predicate<JsonNode> matches, JsonNode entry, boolean add) throws IOException {
    Files.createDirectories(lock.getParent());
    try (FileLock held = FileLock.acquire(lock)) {
      ArrayNode all = entries();
      boolean present = false;
      for (var it = all.elements(); it.hasNext(); ) {
        if (matches.test(it.next())) {
          present = true;
          if (!add) {
            it.remove();
          }
        }
      }
      if (add && !present) {
        all.add(entry);
      }
      if (add != present) {
        AtomicFiles.writeString(file, JSON.writeValueAsString(all) + "\n");
      }
    }
  }
}
