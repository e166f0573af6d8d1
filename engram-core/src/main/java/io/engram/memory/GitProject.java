package io.engram.memory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What git says about a project directory, read from the files under {@code .git} (no git binary):
 * the worktree root, the main repository root (shared by every worktree) and the remote URL.
 */
record GitProject(Path worktreeRoot, Path mainRoot, Optional<String> remote) {
  private static final Pattern SECTION = Pattern.compile("^\\s*\\[\\s*remote\\s+\"([^\"]*)\"\\s*\\]\\s*$");
  private static final Pattern ANY_SECTION = Pattern.compile("^\\s*\\[.*\\]\\s*$");
  private static final Pattern URL = Pattern.compile("^\\s*url\\s*=\\s*(.+?)\\s*$", Pattern.CASE_INSENSITIVE);

  /** The repository containing {@code dir}, if any. */
  static Optional<GitProject> find(Path dir) throws IOException {
    for (Path d = dir.toAbsolutePath().normalize(); d != null; d = d.getParent()) {
      Path dotGit = d.resolve(".git");
      if (Files.isDirectory(dotGit)) {
        return Optional.of(of(d, dotGit));
      }
      if (Files.isRegularFile(dotGit)) {
        String content = Files.readString(dotGit, StandardCharsets.UTF_8).strip();
        if (content.startsWith("gitdir:")) {
          Path gitDir = d.resolve(content.substring("gitdir:".length()).strip()).normalize();
          return Optional.of(of(d, gitDir));
        }
      }
    }
    return Optional.empty();
  }

  private static GitProject of(Path worktree, Path gitDir) throws IOException {
    Path common = gitDir;
    Path commonFile = gitDir.resolve("commondir");
    if (Files.isRegularFile(commonFile)) {
      common = gitDir.resolve(Files.readString(commonFile, StandardCharsets.UTF_8).strip()).normalize();
    }
    Path mainRoot = common.getFileName() != null && common.getFileName().toString().equals(".git")
        ? common.getParent() : worktree;
    Path config = common.resolve("config");
    Optional<String> remote = Files.isRegularFile(config)
        ? remoteUrl(Files.readAllLines(config, StandardCharsets.UTF_8)) : Optional.empty();
    return new GitProject(worktree, mainRoot, remote.map(GitProject::normalizeRemote));
  }

  /** The URL of remote {@code origin}, else of the first remote in the config. */
  static Optional<String> remoteUrl(List<String> configLines) {
    List<String[]> remotes = new ArrayList<>();
    String current = null;
    for (String line : configLines) {
      Matcher s = SECTION.matcher(line);
      if (s.matches()) {
        current = s.group(1);
        continue;
      }
      if (ANY_SECTION.matcher(line).matches()) {
        current = null;
        continue;
      }
      Matcher u = URL.matcher(line);
      if (current != null && u.matches()) {
        remotes.add(new String[] {current, u.group(1).replaceAll("^\"|\"$", "")});
      }
    }
    return remotes.stream().filter(r -> r[0].equals("origin")).findFirst()
        .or(() -> remotes.stream().findFirst()).map(r -> r[1]);
  }

  /**
   * {@code host/path} of a remote URL, lower-cased, without scheme, user, password, port, trailing
   * {@code /} or {@code .git}: so {@code git@github.com:Acme/App.git} and
   * {@code https://github.com/acme/app} give the same {@code github.com/acme/app}.
   */
  static String normalizeRemote(String url) {
    String u = url.strip();
    String hostAndPath;
    int scheme = u.indexOf("://");
    if (scheme >= 0) {
      String rest = u.substring(scheme + 3);
      int slash = rest.indexOf('/');
      String authority = slash < 0 ? rest : rest.substring(0, slash);
      String path = slash < 0 ? "" : rest.substring(slash);
      authority = authority.substring(authority.lastIndexOf('@') + 1).replaceFirst(":\\d*$", "");
      hostAndPath = authority + path;
    } else if (u.matches("^[^/\\\\]*@?[^/\\\\]+:.*") && !u.matches("^[A-Za-z]:[/\\\\].*")) {
      String noUser = u.substring(u.indexOf('@') + 1);
      int colon = noUser.indexOf(':');
      hostAndPath = noUser.substring(0, colon) + "/" + noUser.substring(colon + 1).replaceFirst("^/+", "");
    } else {
      hostAndPath = u;
    }
    String h = hostAndPath.replaceAll("/+$", "");
    if (h.endsWith(".git")) {
      h = h.substring(0, h.length() - 4);
    }
    return h.replaceAll("/+", "/").toLowerCase(Locale.ROOT);
  }
}
