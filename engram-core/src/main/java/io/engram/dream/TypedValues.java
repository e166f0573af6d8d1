package io.engram.dream;

import io.engram.dream.Contradiction.Kind;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The typed values a sentence states, each with its subject, for {@link Contradictions}: a port
 * ("the dev server runs on port 8080", "localhost:9090"), a version ("Java 17", "node v20.11",
 * "com.acme:lib:1.4.2"), a path ("the config file is at config/app.yml") or a command ("run the tests
 * with `./mvnw test`").
 *
 * <p>The subject is what the value belongs to: the sentence's content words once every value and the
 * words that only say how a value is held ("runs", "on", "port", "moved", "now"...) are left out, so "the
 * dev server runs on port 8080" and "dev server port is 9090" share the subject {dev, server}. A value
 * marked as past ("moved from port 8080", "instead of `npm test`") is not stated; a sentence stating two
 * different values of one kind is ambiguous and states none of that kind. A version keeps its product in
 * the subject ("java").
 */
final class TypedValues {

  /** One stated value: its kind, the value as compared (normalised), and its subject. */
  record Value(Kind kind, String value, Set<String> subject) {}

  private record Found(Kind kind, int start, int end, String value) {}

  private static final String PORT_NUMBER = "(\\d{2,5})(?!\\d|\\.\\d|\\s*(?:%|ms\\b|s\\b|seconds|cores|workers|threads|[kmg]b))";
  private static final List<Pattern> PORTS = List.of(
      Pattern.compile("(?:\\bports?\\b|端口号?)(?:\\s*(?:number|is|was|to|of|now|set|changed|moved|from|=|:|是|为|改为|改成|：))*\\s*[:=]?\\s*" + PORT_NUMBER,
          Pattern.CASE_INSENSITIVE),
      Pattern.compile("(?:localhost|127\\.0\\.0\\.1|0\\.0\\.0\\.0|\\[::1?]|host\\.docker\\.internal)\\s*:\\s*" + PORT_NUMBER,
          Pattern.CASE_INSENSITIVE),
      Pattern.compile("://[A-Za-z0-9.-]+:" + PORT_NUMBER),
      Pattern.compile("\\bports?\\b[^.;:]{0,40}?\\bto\\s+" + PORT_NUMBER, Pattern.CASE_INSENSITIVE),
      Pattern.compile("\\b(?:runs?|running|listens?|listening|serves?|served|available|reachable|exposed|bound|binds?)"
          + "\\s+(?:\\w+\\s+)?(?:on|at)\\s+" + PORT_NUMBER, Pattern.CASE_INSENSITIVE));
  private static final String PRODUCTS = "java|jdk|jre|openjdk|temurin|node|nodejs|node\\.js|python|python3|ruby|go|golang"
      + "|rust|rustc|kotlin|scala|groovy|gradle|maven|npm|pnpm|yarn|bun|deno|postgres|postgresql|mysql|mariadb|redis"
      + "|mongodb|mongo|elasticsearch|opensearch|kafka|spring boot|spring|react|angular|vue|next\\.js|nextjs|nuxt"
      + "|typescript|php|dotnet|\\.net|swift|ubuntu|debian|alpine|terraform|helm|kubernetes|k8s|docker|junit|jest"
      + "|django|rails|flask|fastapi|express|laravel|hibernate|quarkus|micronaut|tomcat|jetty|nginx|electron|flutter"
      + "|dart|elixir|erlang|otp|clojure|perl|lua|vite|webpack|eslint|prettier|angular cli|android sdk|ios|xcode"
      + "|cuda|pytorch|tensorflow|numpy|pandas|protobuf|grpc|keycloak|rabbitmq|nats|clickhouse|cassandra|sqlite";
  private static final String VERSION_NUMBER = "v?(\\d+(?:\\.\\d+){0,3}(?:-[A-Za-z0-9.]+)?)(?![\\d.]*\\s*(?:%|ms\\b|gb\\b|mb\\b))";
  private static final List<Pattern> VERSIONS = List.of(
      Pattern.compile("(?<![\\w.])(?=[a-z.])(?:" + PRODUCTS + ")\\s*(?:version\\s+|v(?=\\d)|@)?(?=\\d)" + VERSION_NUMBER
          + "(?:\\+|\\.x)?(?![\\w])", Pattern.CASE_INSENSITIVE),
      Pattern.compile("(?<=[\\w-]):(\\d+\\.\\d+(?:\\.\\d++)*+(?:-[A-Za-z0-9.]+)?)(?![\\w.])"),
      Pattern.compile("(?<=[A-Za-z][\\w.-]{0,40}[ @])v?(\\d+\\.\\d+\\.\\d+(?:-[A-Za-z0-9.]+)?)(?![\\w.])"));
  private static final Pattern CLAUSE_BREAK = Pattern.compile("[,;()—–，；（）]|\\s(?:since|because|as|when|after|before"
      + "|so|but|while|until|unless|which|where|though|although|except|if)\\s|因为|但是|所以|自从|如果", Pattern.CASE_INSENSITIVE);
  private static final Pattern CODE_SPAN = Pattern.compile("(?<!`)(`++)([^`\\n]+?)\\1(?!`)");
  private static final Pattern URL = Pattern.compile(MarkdownProse.URL_REGEX);
  private static final Set<String> EXECUTABLES =
      Set.of("mvn", "mvnw", "./mvnw", "gradle", "gradlew", "./gradlew", "npm", "npx", "pnpm", "yarn", "bun", "node", "deno",
          "python", "python3", "pip", "pip3", "poetry", "uv", "pytest", "tox", "make", "cmake", "cargo", "go", "docker",
          "docker-compose", "podman", "kubectl", "helm", "terraform", "bazel", "sbt", "lein", "mix", "bundle", "rake",
          "rails", "php", "composer", "dotnet", "swift", "xcodebuild", "flutter", "dart", "java", "javac", "jbang", "gh",
          "just", "task", "ansible", "ansible-playbook", "bash", "sh", "ruff", "black", "eslint", "prettier", "tsc",
          "jest", "vitest", "mocha", "playwright", "cypress", "flyway", "liquibase", "psql", "mysql", "redis-cli",
          "engram", "mise", "nx", "turbo", "lerna", "ng", "vue-cli-service", "next", "vite", "skaffold", "tilt");
  /** Before a command or a path: the sentence says which command or where, not merely mentions one. */
  private static final Pattern COMMAND_CUE =
      Pattern.compile("\\b(?:run|runs|running|with|via|using|use|uses|command|is|are|was|invoke|execute|type)\\b|[:=]",
          Pattern.CASE_INSENSITIVE);
  /** Before a bare file name: the sentence says which file, as a key and its value. */
  private static final Pattern FILE_CUE =
      Pattern.compile("\\b(?:is|are|was|lives?|located|moved|stored|kept)\\b|[:=]", Pattern.CASE_INSENSITIVE);
  private static final Pattern PATH_CUE =
      Pattern.compile("\\b(?:is|are|was|lives?|located|moved|stored|kept|goes|go|under|at|in)\\b|[:=]",
          Pattern.CASE_INSENSITIVE);
  /** Words that say how a value is held, not whose it is. */
  private static final Set<String> HOW =
      Set.of("run", "runs", "running", "ran", "listen", "listens", "listening", "serve", "serves", "served", "start",
          "starts", "started", "use", "uses", "using", "used", "need", "needs", "require", "requires", "required",
          "target", "targets", "from", "under", "into", "currently", "default", "set", "configured", "upgrade",
          "upgraded", "bump", "bumped", "switch", "switched", "move", "moved", "migrate", "migrated", "change",
          "changed", "pin", "pinned", "locally", "local", "available", "reachable", "exposed", "expose", "bind", "binds",
          "bound", "here", "there", "instead", "new", "old", "latest", "version", "versions", "v", "port", "number",
          "path", "located", "lives", "live", "location", "directory", "dir", "folder", "file", "stored", "kept", "goe",
          "go", "command", "cmd", "execute", "invoke", "type", "call", "see", "read", "check", "look", "refer", "detail",
          "details", "more", "info", "example", "we", "i", "you", "us", "our", "my", "let", "let's", "then", "first",
          "just", "only", "always", "via", "current", "now", "today", "http", "https", "localhost", "host", "url",
          "open", "visit", "browse", "端", "口", "号", "是", "为", "改", "成", "用", "在");

  private static final String VALUE_MARKS = "./\\`";

  private TypedValues() {}

  /** The values a sentence states, at most one per kind. */
  static List<Value> of(String sentence) {
    // Every value kind needs a digit, a dot, a slash or a backtick; most sentences have none, and skipping
    // them keeps a memory of many short lines cheap.
    if (sentence.length() > Statement.MAX_SENTENCE || sentence.chars().noneMatch(c -> VALUE_MARKS.indexOf(c) >= 0
        || c >= '0' && c <= '9')) {
      return List.of();
    }
    List<Found> found = new ArrayList<>();
    String blanked = commands(sentence, found);
    String prose = URL.matcher(blanked).replaceAll(m -> " ".repeat(m.group().length()));
    // Ports and versions are numbers: without a digit, their patterns (one tries every product name at
    // every position) have nothing to find.
    if (sentence.chars().anyMatch(c -> c >= '0' && c <= '9')) {
      for (Pattern p : PORTS) {
        addAll(p, blanked, Kind.PORT, found, v -> validPort(v) ? v : "");
      }
      for (Pattern p : VERSIONS) {
        addAll(p, prose, Kind.VERSION, found, v -> v.toLowerCase(Locale.ROOT));
      }
    }
    paths(prose.replace('`', ' '), found);
    String lower = sentence.toLowerCase(Locale.ROOT);
    StringBuilder rest = new StringBuilder(URL.matcher(sentence).replaceAll(m -> " ".repeat(m.group().length())));
    for (Found f : found) {
      for (int i = f.start(); i < f.end(); i++) {
        rest.setCharAt(i, ' ');
      }
    }
    List<Value> out = new ArrayList<>();
    for (Kind kind : List.of(Kind.PORT, Kind.VERSION, Kind.PATH, Kind.COMMAND)) {
      Set<String> values = new LinkedHashSet<>();
      Found first = null;
      for (Found f : found) {
        if (f.kind() == kind && !f.value().isEmpty() && !Statement.pastBefore(lower.substring(0, f.start()))) {
          values.add(f.value());
          first = first == null ? f : first;
        }
      }
      if (values.size() == 1) {
        Set<String> subject = subject(rest.toString(), first);
        if (!subject.isEmpty()) {
          out.add(new Value(kind, values.iterator().next(), Set.copyOf(subject)));
        }
      }
    }
    return out;
  }

  /**
   * The content words of the clause holding a value, without the values and the words of {@link #HOW}: a
   * clause ends at a comma, a semicolon, a parenthesis or a conjunction ("since", "because", "but"...),
   * so "dev server port is 9090 since the proxy change" is about {dev, server}.
   */
  private static Set<String> subject(String rest, Found value) {
    int from = 0;
    Matcher b = CLAUSE_BREAK.matcher(rest);
    int to = rest.length();
    while (b.find()) {
      if (b.end() <= value.start()) {
        from = b.end();
      } else if (b.start() >= value.end()) {
        to = b.start();
        break;
      }
    }
    Set<String> subject = new LinkedHashSet<>(Statement.contentWords(rest.substring(from, to)));
    subject.removeAll(HOW);
    subject.removeIf(w -> w.chars().allMatch(Character::isDigit));
    return subject;
  }

  /** True when the two values of one kind are different settings, not one refining the other. */
  static boolean differ(Value older, Value newer) {
    String a = older.value();
    String b = newer.value();
    if (a.equals(b)) {
      return false;
    }
    if (older.kind() == Kind.VERSION) {
      return !a.startsWith(b + ".") && !b.startsWith(a + ".");
    }
    return older.kind() == Kind.PORT || !a.contains(b) && !b.contains(a);
  }

  /** True when the two values belong to the same thing. */
  static boolean sameSubject(Value older, Value newer) {
    Set<String> a = older.subject();
    Set<String> b = newer.subject();
    // A product names what a version belongs to, so "the project uses Java 17" and "Java 21 now" agree on it.
    return older.kind() == Kind.VERSION ? a.containsAll(b) || b.containsAll(a) : a.equals(b);
  }

  /** Inline code read as a command (its first word runs something); returns the sentence with them blanked. */
  private static String commands(String sentence, List<Found> found) {
    StringBuilder blanked = new StringBuilder(sentence);
    Matcher m = CODE_SPAN.matcher(sentence);
    while (m.find()) {
      String code = m.group(2).strip();
      String first = code.split("\\s+")[0];
      boolean command = code.contains(" ") && (EXECUTABLES.contains(first) || first.startsWith("./")
          || first.startsWith("bin/") || first.startsWith("scripts/"))
          || first.startsWith("./") && PathReferences.isPath(first);
      if (command && COMMAND_CUE.matcher(sentence.substring(0, m.start())).find()) {
        found.add(new Found(Kind.COMMAND, m.start(), m.end(), code.replaceAll("\\s+", " ")));
        for (int i = m.start(); i < m.end(); i++) {
          blanked.setCharAt(i, ' ');
        }
      }
    }
    return blanked.toString();
  }

  private static void paths(String prose, List<Found> found) {
    Matcher word = Pattern.compile("[A-Za-z0-9_.\\-/\\\\~@+]+").matcher(prose);
    // Where each cue first ends: a word has a cue before it when that is at or before its start (found once,
    // not searched again in each word's prefix, which would be quadratic in the sentence).
    int pathCue = firstEnd(PATH_CUE, prose);
    int fileCue = firstEnd(FILE_CUE, prose);
    while (word.find()) {
      String token = PathReferences.trim(word.group());
      boolean overlaps = found.stream().anyMatch(f -> f.start() < word.end() && word.start() < f.end());
      boolean slashed = token.contains("/") || token.contains("\\");
      int cue = slashed ? pathCue : fileCue;
      // Only what is plainly a project path: a file name with an extension or a directory written as one;
      // slashed words ("valid/invalid", "origin/main") and machine paths (/tmp/..., ~/...) are not.
      boolean plain = (PathReferences.lastSegmentHasExtension(token) || token.endsWith("/") || token.startsWith("./"))
          && !token.startsWith("/") && !token.startsWith("~") && !token.matches("^[A-Za-z]:.*");
      int after = word.start() + token.length();
      boolean template = after < prose.length() && "<{*$%".indexOf(prose.charAt(after)) >= 0;
      if (!overlaps && plain && !template && PathReferences.isPath(token)
          && cue <= word.start()) {
        found.add(new Found(Kind.PATH, word.start(), word.start() + token.length(),
            token.replace('\\', '/').replaceFirst("^\\./", "").replaceFirst("/$", "")));
      }
    }
  }

  private static int firstEnd(Pattern cue, String text) {
    Matcher m = cue.matcher(text);
    return m.find() ? m.end() : Integer.MAX_VALUE;
  }

  private static void addAll(Pattern p, String text, Kind kind, List<Found> found,
      java.util.function.UnaryOperator<String> normalize) {
    Matcher m = p.matcher(text);
    while (m.find()) {
      int start = m.start(1);
      int end = m.end(1);
      boolean overlaps = found.stream().anyMatch(f -> f.start() < end && start < f.end());
      if (!overlaps) {
        found.add(new Found(kind, start, end, normalize.apply(m.group(1))));
      }
    }
  }

  private static boolean validPort(String digits) {
    int n = Integer.parseInt(digits);
    return n > 0 && n <= 65_535;
  }
}
