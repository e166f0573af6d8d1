package io.engram.mcp;

import io.engram.Engram;
import io.engram.memory.MemoryLocation;
import io.engram.memory.MemoryNames;
import io.engram.memory.MemoryScope;
import io.engram.memory.StoredMemory;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Memories as MCP resources: {@code memory://<project-key>/<name>} for the project's memories and
 * {@code memory://user/<name>} for the user-level ones; reading one returns its topic file as Markdown.
 */
final class MemoryResources {
  static final String TEMPLATE = "memory://{scope}/{name}";
  static final String MIME = "text/markdown";

  private final Engram engram;

  MemoryResources(Engram engram) {
    this.engram = engram;
  }

  static String uriOf(String projectKey, StoredMemory s) {
    String authority = s.scope() == MemoryScope.USER ? "user" : projectKey;
    return "memory://" + authority + "/" + MemoryNames.slug(s.name());
  }

  /**
   * Every memory as a resource, as the store holds them now; names and descriptions leave redacted (a
   * file edited by hand may hold a secret that no write of Engram's removed).
   */
  List<McpSchema.Resource> list() throws IOException {
    return engram.memory().list().memories().stream()
        .map(s -> McpSchema.Resource.builder()
            .uri(uriOf(engram.memory().location().projectKey(), s))
            .name(RedactedValues.text(s.name()))
            .description(RedactedValues.text(s.memory().description()))
            .mimeType(MIME)
            .build())
        .toList();
  }

  /**
   * Every memory's URI with a fingerprint of its topic file (size and last change), which changes whenever what
   * {@link #read} returns does.
   */
  Map<String, String> fingerprints() throws IOException {
    Map<String, String> out = new LinkedHashMap<>();
    for (StoredMemory s : engram.memory().list().memories()) {
      String stamp;
      try {
        BasicFileAttributes a = Files.readAttributes(s.path(), BasicFileAttributes.class);
        stamp = a.size() + "@" + a.lastModifiedTime().toMillis();
      } catch (IOException gone) {
        stamp = "gone"; // removed since the listing: the next check sees it gone
      }
      out.put(uriOf(engram.memory().location().projectKey(), s), stamp);
    }
    return out;
  }

  /**
   * Runs {@code changed} whenever a store of this project (its own or the user's) is changed through the Engram's
   * change events: by this process, whichever surface wrote, and under watching events (the service's, {@code engram
   * mcp}'s) by any other process or a hand edit too.
   */
  void onChange(Runnable changed) {
    MemoryLocation where = engram.memory().location();
    Set<Path> dirs = Set.of(where.projectDir().toAbsolutePath().normalize(),
        where.userDir().toAbsolutePath().normalize());
    engram.changes().subscribe(change -> {
      if (dirs.contains(change.memoryDir())) {
        changed.run();
      }
    });
  }

  /** The topic file behind {@code uri}; a {@link ToolInputException} when there is none. */
  McpSchema.ReadResourceResult read(String uri) throws IOException {
    String name = nameIn(uri);
    Optional<StoredMemory> found = engram.memory().read(name);
    if (found.isEmpty() || !uriOf(engram.memory().location().projectKey(), found.get()).equals(uri)) {
      throw new ToolInputException("no memory at " + uri);
    }
    String text = Files.readString(found.get().path());
    engram.recall().recordUse(List.of(found.get().name())); // a memory the agent read is one it used
    return new McpSchema.ReadResourceResult(List.of(new McpSchema.TextResourceContents(uri, MIME, text)));
  }

  private static String nameIn(String uri) {
    try {
      URI u = new URI(uri);
      String path = u.getPath() == null ? "" : u.getPath();
      if (!"memory".equals(u.getScheme()) || u.getAuthority() == null || path.length() < 2
          || path.indexOf('/', 1) >= 0) {
        throw new ToolInputException("not a memory URI (memory://<project>/<name>): " + uri);
      }
      return path.substring(1);
    } catch (URISyntaxException e) {
      throw new ToolInputException("not a memory URI (memory://<project>/<name>): " + uri);
    }
  }
}
