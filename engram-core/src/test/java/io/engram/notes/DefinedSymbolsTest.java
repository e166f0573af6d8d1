package io.engram.notes;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DefinedSymbolsTest {
  @Test
  void elixirModulesAndFunctionsAreFound() {
    String code = """
        defmodule Shop.CartTest do
          use ExUnit.Case

          def add_item(cart, item), do: [item | cart]

          defp total(cart) do
            Enum.reduce(cart, 0, fn item, acc -> acc + item.price end)
          end
        end
        """;
    assertThat(DefinedSymbols.in(code)).containsExactly("Shop.CartTest", "add_item", "total");
  }

  @Test
  void keywordsInCommentsDocStringsAndProseDefineNothing() {
    String code = """
        @moduledoc \"\"\"
        Builds the type mapping and keeps one module App per tenant.
        \"\"\"
        # a function and a class of its own would be overkill here
        // the record for each struct goes here
        This module and the next are documented in the README.
        """;
    assertThat(DefinedSymbols.in(code)).isEmpty();
  }

  @Test
  void anonymousFunctionsNameNothing() {
    String code = """
        items
        |> Enum.map(
          fn item -> item.name end)
        const f = function (x) { return x; };
        """;
    assertThat(DefinedSymbols.in(code)).isEmpty();
  }

  @Test
  void definitionsAfterModifiersInOtherLanguagesAreFound() {
    String code = """
        public final class Cache {
          private int evict(int n) {
            return n;
          }
        }
        export async function loadUser(id) {}
        pub(crate) fn parse_line<'a>(s: &'a str) {}
        export type UserId = string;
        """;
    assertThat(DefinedSymbols.in(code)).contains("Cache", "evict", "loadUser", "parse_line", "UserId");
  }

  @Test
  void englishWordsAfterAKeywordAreNotSymbols() {
    assertThat(DefinedSymbols.in("type and\nclass the\n")).isEmpty();
  }
}
