# a pointer back to something already in the conversation (那个, 上次说的). Read by graphmem.recall.query.back_reference
(那个|这个|那家|这家|那款|这款|那位|这位|那种|这种|那件|这件|那里|那儿|那边|它|上次说的|之前说的|刚才说的|那)
