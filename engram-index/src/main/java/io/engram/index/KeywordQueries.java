package io.engram.index;

import io.engram.recall.SearchIndex;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.PostingsEnum;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.util.Bits;

/**
 * What a query's words become in the index: the analysed terms, the BM25 query over the name (boost 2), the
 * description (boost 1.5) and the body, and the share of the query's weight each candidate holds.
 */
final class KeywordQueries {
  /** The indexed text fields and their boosts, the port's ({@link SearchIndex#NAME_BOOST}) against the body's 1. */
  static final Map<String, Float> FIELD_BOOSTS = Map.of("name", (float) SearchIndex.NAME_BOOST,
      "description", (float) SearchIndex.DESCRIPTION_BOOST, "body", 1.0f);
  /** Lucene refuses boolean queries over 1024 clauses; three fields per term stays below it. */
  private static final int MAX_QUERY_TERMS = 300;

  private final Analyzer analyzer;

  KeywordQueries(Analyzer analyzer) {
    this.analyzer = analyzer;
  }

  /** The distinct analysed terms of {@code text}, in order, at most {@value #MAX_QUERY_TERMS}. */
  List<String> terms(String text) {
    Set<String> out = new LinkedHashSet<>();
    try (TokenStream stream = analyzer.tokenStream("body", text)) {
      CharTermAttribute term = stream.addAttribute(CharTermAttribute.class);
      stream.reset();
      while (stream.incrementToken() && out.size() < MAX_QUERY_TERMS) {
        out.add(term.toString());
      }
      stream.end();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new ArrayList<>(out);
  }

  /** Any of {@code terms} in any field, each field's match weighed by its boost. */
  static Query bm25(List<String> terms) {
    BooleanQuery.Builder q = new BooleanQuery.Builder();
    for (String term : terms) {
      FIELD_BOOSTS.forEach(
          (field, boost) ->
              q.add(new BoostQuery(new TermQuery(new Term(field, term)), boost), BooleanClause.Occur.SHOULD));
    }
    return q.build();
  }

  /**
   * For each of {@code ids}, the idf-weighted share of {@code terms} its document holds in any field (0 when it holds
   * none, or is not in the index).
   */
  static Map<String, Double> coverage(IndexReader reader, String[] idOf, List<String> terms, Collection<String> ids)
      throws IOException {
    Map<String, Double> out = new LinkedHashMap<>();
    ids.forEach(id -> out.put(id, 0.0));
    if (terms.isEmpty() || ids.isEmpty()) {
      return out;
    }
    // Document frequencies count replaced documents until their segments merge, so the count they are weighed
    // against must too (as BM25's own idf does): against the live documents alone, a word most documents hold
    // weighed less than nothing, and a document holding only that word covered less than nothing of the query.
    int n = reader.maxDoc();
    Set<String> among = Set.copyOf(ids);
    double total = 0;
    Map<String, Double> matched = new HashMap<>();
    for (String term : terms) {
      int df = 0;
      for (String field : FIELD_BOOSTS.keySet()) {
        df = Math.max(df, reader.docFreq(new Term(field, term)));
      }
      // A term no document holds weighs as one a single document holds (as in the in-core index).
      int weighed = Math.max(1, df);
      double idf = Math.log(1 + (n - weighed + 0.5) / (weighed + 0.5));
      total += idf;
      if (df > 0) {
        for (String id : holding(reader, idOf, term, among)) {
          matched.merge(id, idf, Double::sum);
        }
      }
    }
    double sum = total;
    matched.forEach((id, m) -> out.computeIfPresent(id, (k, v) -> m / sum));
    return out;
  }

  // The ids among {@code among} whose documents hold {@code term} in any field: the term's postings, walked.
  private static Set<String> holding(IndexReader reader, String[] idOf, String term, Set<String> among)
      throws IOException {
    Set<String> out = new HashSet<>();
    for (LeafReaderContext leaf : reader.leaves()) {
      Bits live = leaf.reader().getLiveDocs();
      for (String field : FIELD_BOOSTS.keySet()) {
        PostingsEnum docs = leaf.reader().postings(new Term(field, term), PostingsEnum.NONE);
        if (docs == null) {
          continue;
        }
        for (int d = docs.nextDoc(); d != DocIdSetIterator.NO_MORE_DOCS; d = docs.nextDoc()) {
          String id = idOf[leaf.docBase + d];
          if ((live == null || live.get(d)) && among.contains(id)) {
            out.add(id);
          }
        }
      }
    }
    return out;
  }
}
