MATCH (n:Entity|Card|Fact|Event|Session|Profile)
WHERE n.id IN $ids AND n.tenant = $tenant AND n.user_id = $user_id
OPTIONAL MATCH (owner:Entity {id: n.entity_id, tenant: $tenant, user_id: $user_id})
RETURN n.id AS id,
       CASE WHEN n:Entity THEN 'entity' WHEN n:Card THEN 'card' WHEN n:Fact THEN 'fact' WHEN n:Event THEN 'event'
            WHEN n:Session THEN 'session' ELSE 'profile' END AS kind,
       CASE WHEN n:Entity THEN n.name + CASE WHEN size(coalesce(n.aliases, [])) > 0
                                            THEN ' (' + reduce(s = '', a IN n.aliases | s + CASE WHEN s = '' THEN '' ELSE ', ' END + a) + ')'
                                            ELSE '' END
            WHEN n:Fact THEN coalesce(owner.name + ': ', '') + n.key + ' = ' + toString(n.value)
                             + ' [' + n.status + ', v' + toString(coalesce(n.version, 1)) + ']'
            WHEN n:Event THEN coalesce(n.speaker + ': ', '') + n.text
            WHEN n:Card THEN coalesce(n.summary, '')
            ELSE coalesce(n.caption, n.id) END AS text,
       n.occurred_at AS occurred_at, n.status AS status
ORDER BY kind, occurred_at, id
