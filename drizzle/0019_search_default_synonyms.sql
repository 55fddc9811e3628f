-- The synonym groups a new shop starts with (the admin edits them in /definicoes): only when there are none yet.
INSERT INTO search_synonyms (group_no, word, word_key)
SELECT g.group_no, g.word, search_key(g.word)
FROM (VALUES
  (0, 'camisola', 1), (0, 't-shirt', 2), (0, 'tshirt', 3),
  (1, 'sabão', 1), (1, 'sabonete', 2),
  (2, 'caderno', 1), (2, 'agenda', 2)
) AS g(group_no, word, ord)
WHERE NOT EXISTS (SELECT 1 FROM search_synonyms)
ORDER BY g.group_no, g.ord;
