package io.engram.notes;

import java.util.LinkedHashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The names a piece of written code defines (modules, classes, functions, methods, types), for the "symbols"
 * of a file in the session notes. A definition is a code line that starts with a defining keyword, after
 * indentation and modifiers only: the same keywords inside a comment, a doc string or prose ("# maps the
 * type and module App") define nothing. Anonymous functions ({@code fn x -> ...}, {@code function (x)})
 * name nothing, and a name that is a plain English function word is prose, not a symbol.
 */
final class DefinedSymbols {
  private static final String MODIFIERS = "(?:(?:export|default|pub(?:\\([\\w:]+\\))?|public|private|protected"
      + "|internal|static|final|abstract|sealed|data|async|unsafe|open|override|declare)\\s+){0,6}";
  // def/defp/defmodule/class/... NAME; fn/func/function need a parameter list or generics after the name.
  private static final Pattern DEFINITION = Pattern.compile("(?m)^[ \\t]*" + MODIFIERS
      + "(?:(?:defmodule|defmacrop?|defp|def|class|interface|record|enum|trait|struct|module|type|object)\\s+"
      + "([A-Za-z_][\\w.]*[?!]?)|(?:fn|func|function)\\s+([A-Za-z_]\\w*)\\s*[(<])");
  private static final Pattern METHOD = Pattern.compile(
      "(?m)^[ \\t]*(?:(?:public|private|protected|static|final|abstract|synchronized|async|export)\\s+){0,8}"
          + "[\\w<>\\[\\],?]+\\s+([a-z_]\\w*)\\s*\\([^)]{0,400}\\)\\s*(?:throws [\\w., ]{1,200})?\\{");
  private static final Set<String> WORDS = Set.of("a", "an", "and", "or", "the", "of", "to", "in", "on", "for",
      "with", "is", "as", "at", "by", "it", "if", "that", "this", "from", "new", "return", "else", "do", "end");

  private DefinedSymbols() {}

  /** The names {@code code} defines, in order of appearance, each once. */
  static Set<String> in(String code) {
    Set<String> found = new LinkedHashSet<>();
    Matcher d = DEFINITION.matcher(code);
    while (d.find()) {
      add(d.group(1) != null ? d.group(1) : d.group(2), found);
    }
    Matcher m = METHOD.matcher(code);
    while (m.find()) {
      add(m.group(1), found);
    }
    return found;
  }

  private static void add(String name, Set<String> into) {
    if (!WORDS.contains(name)) {
      into.add(name);
    }
  }
}
