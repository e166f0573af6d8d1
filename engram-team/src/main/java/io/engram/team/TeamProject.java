package io.engram.team;

import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.config.TeamSettings;
import io.engram.memory.MemoryLocation;
import io.engram.memory.MemoryStores;
import io.engram.memory.ProjectMemory;
import io.engram.memory.TeamMirror;
import io.engram.redact.SecretRedactor;
import java.io.IOException;
import java.time.Clock;
import java.util.Map;

/** One project's team context on this machine: its memory, its mirror and team files, the settings and clock. */
record TeamProject(ProjectMemory memory, TeamMirror mirror, TeamFiles files, EngramSettings settings,
    Map<String, String> environment, EngramRoots roots, Clock clock, SecretRedactor redactor) {

  /** The team context of {@code roots.projectDir()}; refuses a project without a git remote. */
  static TeamProject of(EngramRoots roots, EngramSettings settings, Map<String, String> env, Clock clock)
      throws IOException {
    ProjectMemory memory = MemoryStores.open(roots, settings, clock);
    MemoryLocation where = memory.location();
    TeamMirror mirror = where.team().orElseThrow(() -> new IllegalArgumentException("the project at "
        + roots.projectDir() + " has no git remote; team memory needs one, so that every clone of the repository"
        + " finds the same team (add one with git remote add origin URL)"));
    return new TeamProject(memory, mirror, TeamFiles.beside(mirror.directory()), settings, Map.copyOf(env), roots,
        clock, SecretRedactor.standard());
  }

  /** The recorded connection; refuses when the project was never connected. */
  TeamLink link() throws IOException {
    return TeamLink.read(files.connection()).orElseThrow(() -> new TeamNotConnectedException("this project is not"
        + " connected to a team store; connect it with engram team connect --url jdbc:postgresql://HOST/DB?user=NAME"));
  }

  /** Where this machine shares from, for a memory's origin: {@code host:scope/file}. */
  String origin(String scope, String fileName) {
    String host = environment.getOrDefault("HOSTNAME", "");
    if (host.isBlank()) {
      try {
        host = java.net.InetAddress.getLocalHost().getHostName();
      } catch (IOException e) {
        host = "unknown-host";
      }
    }
    return host + ":" + scope + "/" + fileName;
  }

  TeamSettings team() {
    return settings.team();
  }
}
