package io.engram.instructions;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Which heading of an instruction file a new rule belongs under, by the words they share: the heading's own
 * words count most, then the words of the topic the heading names (a "Build and test" heading takes rules about
 * {@code ./mvnw}, gradle, lint...), then the words of the rules already under it. A heading that names no topic
 * ("Notes", "Rules", "Guidelines") takes a rule nothing more specific takes. Deterministic, offline.
 */
final class HeadingChooser {
  /** A section must score this much to take the rule: a word of its heading, or two of its topic. */
  private static final int ENOUGH = 3;
  // The score of a shared word of the heading itself, above a topic's and a rule's: one such word is ENOUGH.
  private static final int HEADING_WORD = 3;
  // A topic's word (see HEADING_WORD).
  private static final int TOPIC_WORD = 2;
  // A word of a rule already under the heading (see HEADING_WORD).
  private static final int BODY_WORD = 1;

  private static final Set<String> STOP = Set.of("no", "do", "is", "in", "on", "at", "to", "of", "or", "be", "it",
      "we", "as", "by", "an", "if", "so", "dont", "the", "and", "for", "not", "but", "use", "with", "this", "that",
      "are", "was", "you", "your", "our", "all", "any", "can", "from", "into", "when", "then", "than", "them",
      "they", "its", "has", "have", "don", "does", "what", "which", "will", "should", "must", "here", "there",
      "only", "also", "about", "over", "each", "every", "one", "two", "out", "via", "per", "how", "why", "who",
      "before", "after", "instead", "always", "never", "please", "make", "sure", "keep", "need");

  /** Heading words that name no topic: such a section takes what no other takes. */
  private static final Set<String> GENERIC = Set.of("note", "notes", "rule", "rules", "guideline", "guidelines",
      "instruction", "instructions", "misc", "miscellaneous", "other", "general", "remember", "tip", "tips",
      "注意", "规则", "备注");

  /** A topic: the heading words that name it, and the words of rules about it. */
  private record Topic(Set<String> named, Set<String> words) {}

  private static final List<Topic> TOPICS = List.of(
      new Topic(Set.of("build", "test", "lint", "command", "run", "running", "develop", "development", "setup",
          "tooling", "workflow", "ci", "check", "format", "构建", "测试", "命令"),
          Set.of("build", "compile", "test", "lint", "run", "command", "mvn", "mvnw", "maven", "gradle", "gradlew",
              "npm", "pnpm", "yarn", "npx", "bun", "make", "cargo", "pytest", "jest", "vitest", "junit", "check",
              "format", "formatter", "spotless", "checkstyle", "eslint", "prettier", "ruff", "black", "clippy",
              "install", "dependency", "verify", "package", "wrapper", "script", "pre-commit", "hook", "ci",
              "docker", "compose", "构建", "测试", "命令")),
      new Topic(Set.of("style", "code", "convention", "conventions", "naming", "formatting", "风格", "规范"),
          Set.of("style", "name", "naming", "indent", "indentation", "tab", "space", "comment", "convention",
              "record", "class", "method", "function", "variable", "import", "type", "null", "optional",
              "exception", "log", "logging", "line", "length", "camelcase", "prefer", "avoid", "immutable",
              "final", "static", "interface", "enum", "风格", "命名")),
      new Topic(Set.of("git", "commit", "branch", "review", "pull", "request", "release", "提交"),
          Set.of("git", "commit", "branch", "merge", "rebase", "push", "pull", "review", "message", "tag",
              "release", "changelog", "squash", "main", "master", "提交", "分支")),
      new Topic(Set.of("test", "testing", "tests", "测试"),
          Set.of("test", "junit", "assert", "assertj", "mock", "mockito", "fixture", "coverage", "spec",
              "testcontainer", "testcontainers", "integration", "unit", "测试")),
      new Topic(Set.of("architecture", "layout", "structure", "module", "modules", "package", "packages", "project",
          "架构", "结构"),
          Set.of("module", "package", "directory", "folder", "layout", "structure", "architecture", "layer",
              "service", "controller", "repository", "entity", "domain", "api", "模块", "目录")),
      new Topic(Set.of("environment", "config", "configuration", "setting", "settings", "local", "setup", "环境",
          "配置"),
          Set.of("env", "environment", "port", "config", "configuration", "setting", "profile", "secret",
              "database", "postgres", "mysql", "redis", "docker", "url", "host", "key", "token", "variable",
              "端口", "配置", "环境")));

  private HeadingChooser() {}

  /**
   * The section of {@code doc} that {@code rule} belongs under, if one scores enough; a level-1 heading is a
   * candidate only when rules are listed directly under it (otherwise it is the file's title).
   */
  static Optional<MarkdownSections.Section> choose(MarkdownSections doc, String rule) {
    Set<String> words = words(rule);
    MarkdownSections.Section best = null;
    int bestScore = 0;
    boolean bestGeneric = false;
    for (MarkdownSections.Section s : doc.sections()) {
      if (s.level() == 1 && !doc.hasItems(s)) {
        continue;
      }
      int score = score(doc, s, words);
      boolean generic = generic(s);
      // On a tie a section about something wins over a generic one, wherever each is in the file.
      if (score > bestScore || (score == bestScore && bestGeneric && !generic)) {
        best = s;
        bestScore = score;
        bestGeneric = generic;
      }
    }
    return bestScore >= ENOUGH ? Optional.of(best) : Optional.empty();
  }

  /** The section whose heading reads {@code title}, ignoring case and surrounding space. */
  static Optional<MarkdownSections.Section> named(MarkdownSections doc, String title) {
    return doc.sections().stream().filter(s -> s.title().equalsIgnoreCase(title.strip())).findFirst();
  }

  static int score(MarkdownSections doc, MarkdownSections.Section s, Set<String> rule) {
    Set<String> heading = words(s.title());
    Set<String> topic = topicWords(heading);
    Set<String> body = words(String.join(" ", doc.body(s)));
    int score = 0;
    for (String w : rule) {
      score += heading.contains(w) ? HEADING_WORD : topic.contains(w) ? TOPIC_WORD : body.contains(w) ? BODY_WORD : 0;
    }
    // A generic heading takes any rule at the bar, so a section that shares real words with it wins.
    return generic(s) ? Math.max(score, ENOUGH) : score;
  }

  private static boolean generic(MarkdownSections.Section s) {
    Set<String> heading = words(s.title());
    return topicWords(heading).isEmpty() && heading.stream().anyMatch(stems(GENERIC)::contains);
  }

  private static Set<String> topicWords(Set<String> heading) {
    Set<String> topic = new HashSet<>();
    for (Topic t : TOPICS) {
      if (heading.stream().anyMatch(stems(t.named())::contains)) {
        topic.addAll(stems(t.words()));
      }
    }
    return topic;
  }

  /**
   * The words of {@code text} that say what it is about: lower case, without common words, a plural's "s"
   * dropped; Chinese as the word and its pairs of characters.
   */
  static Set<String> words(String text) {
    Set<String> out = new HashSet<>();
    String apart = text.toLowerCase(Locale.ROOT).replaceAll("(?<=\\p{IsHan})(?=\\P{IsHan})|(?<=\\P{IsHan})(?=\\p{IsHan})",
        " ");
    for (String w : apart.split("[^\\p{L}\\p{N}+#-]+")) {
      String word = w.replaceAll("^[-+#]+|[-+#]+$", "");
      if (word.isEmpty()) {
        continue;
      }
      if (word.codePoints().anyMatch(c -> Character.UnicodeScript.of(c) == Character.UnicodeScript.HAN)) {
        for (int i = 0; i + 1 < word.length(); i++) {
          out.add(word.substring(i, i + 2));
        }
        out.add(word);
        continue;
      }
      if (word.length() < 2 || STOP.contains(word)) {
        continue;
      }
      out.add(stem(word));
    }
    return out;
  }

  private static Set<String> stems(Set<String> words) {
    Set<String> out = new HashSet<>();
    words.forEach(w -> out.add(stem(w)));
    return out;
  }

  private static String stem(String word) {
    if (word.length() > 4 && word.endsWith("ies")) {
      return word.substring(0, word.length() - 3) + "y";
    }
    if (word.length() > 3 && word.endsWith("s") && !word.endsWith("ss")) {
      return word.substring(0, word.length() - 1);
    }
    return word;
  }
}
