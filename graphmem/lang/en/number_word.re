# a number written as a word ("ELEVEN"): never a named mention. Read by graphmem.linking.mentions
^(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|
eighteen|nineteen|twenty|thirty|forty|fifty|hundred)$
