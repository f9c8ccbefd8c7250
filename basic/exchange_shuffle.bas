1 ' exchange_shuffle.bas - ExchangeShuffle: the Python of the text, line for line in GW-BASIC.
2 ' Source: ../shared/seeds/002_bb7a75e389ba25bb.txt, "The Shuffler's Dilemma" (de Bruin),
3 ' section "Shuffling by Random Exchanges" (pseudocode, RandomDeckPos).
4 ' Arrays are 0-based like Python lists; random.randint(0, n-1) is INT(RND*n).
5 ' BASIC variables are global: a Python local that would clash gets its own name.
6 ' "while not done" needs a stopping rule: DONE after NUMEXCHANGES exchanges.
7 ' The main program is the text's test program (Initialize, Print).
8 ' Tests replace line 20 (parameters).
10 DEFINT A-Z
20 DECKSIZE=10: NUMSHUFFLES=20: NUMEXCHANGES=10: SEED=1 'parameters
30 DIM DECK(DECKSIZE-1), SHUFFLEDDECK(DECKSIZE-1) 'DeckType = [0 for _ in range(DECKSIZE)]
40 RANDOMIZE SEED 'Python seeds itself; this picks one GW-BASIC RND stream
50 K=0 'k = 0
100 GOSUB 1500 'Initialize(deck)
110 FOR MAINK=0 TO NUMSHUFFLES-1 'for k in range(NUMSHUFFLES): (k is MAINK here)
120 GOSUB 1000 'ExchangeShuffle(deck)
130 GOSUB 1600 'Print(deck)
140 NEXT MAINK
199 END
1000 'def ExchangeShuffle(deck):  (pseudocode in the text; done = NUMEXCHANGES made)
1010 EXCHANGES = 0: DONE = (EXCHANGES >= NUMEXCHANGES)
1020 WHILE NOT DONE 'while not done:
1030 GOSUB 1400: P1 = RANDOMDECKPOS 'pos1 = RandomDeckPos
1040 GOSUB 1400: P2 = RANDOMDECKPOS 'pos2 = RandomDeckPos
1050 SWAP DECK(P1), DECK(P2) 'exchange deck[pos1] with deck[pos2]
1060 EXCHANGES = EXCHANGES + 1: DONE = (EXCHANGES >= NUMEXCHANGES)
1070 WEND
1080 RETURN
1400 'def RandomDeckPos():
1410 'import random
1420 RANDOMDECKPOS = INT(RND * DECKSIZE) 'RandomDeckPos = random.randint(0, DECKSIZE-1)
1430 RETURN 'return RandomDeckPos
1500 'def Initialize(deck):
1510 K = 0 'k = 0
1520 FOR K = 0 TO DECKSIZE - 1 'for k in range(DECKSIZE):
1530 DECK(K) = K + 1 'deck[k] = k + 1
1540 NEXT K
1550 K = K - 1 'k = k -1 (after the loop: inside it, BASIC would loop for ever)
1560 RETURN
1600 'def Print(deck):
1610 K = 0 'k = 0
1620 PRINT "Deck:" 'print('Deck:')
1630 FOR K = 0 TO DECKSIZE - 1 'for k in range(DECKSIZE):
1640 PRINT USING "###"; DECK(K); 'print("{0:3d}".format(deck[k]), end = '')
1650 NEXT K
1660 PRINT: PRINT 'print("\n")
1670 RETURN
