1 ' efficient_selection_shuffle.bas - EfficientSelectionShuffle: the Python of the text, line for line in GW-BASIC.
2 ' Source: ../shared/seeds/002_bb7a75e389ba25bb.txt, "The Shuffler's Dilemma" (de Bruin),
3 ' section "Efficient SelectionShuffle and the Modified RandomDeckPos".
4 ' Arrays are 0-based like Python lists; random.randint(0, n-1) is INT(RND*n).
5 ' BASIC variables are global: a Python local that would clash gets its own name.
6 ' The Python def name has a stray space ("Efficient SelectionShuffle").
8 ' Tests replace line 20 (parameters).
10 DEFINT A-Z
20 DECKSIZE=10: NUMSHUFFLES=20: SEED=1 'parameters
30 DIM DECK(DECKSIZE-1), SHUFFLEDDECK(DECKSIZE-1) 'DeckType = [0 for _ in range(DECKSIZE)]
40 RANDOMIZE SEED 'Python seeds itself; this picks one GW-BASIC RND stream
50 K=0 'k = 0
100 GOSUB 1500 'Initialize(deck)
110 FOR MAINK=0 TO NUMSHUFFLES-1 'for k in range(NUMSHUFFLES): (k is MAINK here)
120 GOSUB 1000 'EfficientSelectionShuffle(deck)
130 GOSUB 1600 'Print(deck)
140 NEXT MAINK
199 END
1000 'def EfficientSelectionShuffle(deck):
1010 K = 0 'k = 0
1020 SHUFFLEDPOS = 0 'shuffledPos = 0
1030 ERASE SHUFFLEDDECK: DIM SHUFFLEDDECK(DECKSIZE-1) 'shuffledDeck = DeckType.copy()
1040 FOR SHUFFLEDPOS = 0 TO DECKSIZE - 1 'for shuffledPos in range(DECKSIZE):
1050 N = DECKSIZE - SHUFFLEDPOS: GOSUB 1400: K = RANDOMDECKPOS 'k = RandomDeckPos (DECKSIZE - shuffledPos)
1060 SHUFFLEDDECK(SHUFFLEDPOS) = DECK(K) 'shuffledDeck [shuffledPos] = deck[k]
1070 DECK(K) = DECK(DECKSIZE - 1 - SHUFFLEDPOS) 'deck[k] = deck[DECKSIZE -1 - shuffledPos]
1080 NEXT SHUFFLEDPOS
1090 FOR K = 0 TO DECKSIZE - 1 'for k in range(DECKSIZE):
1100 DECK(K) = SHUFFLEDDECK(K) 'deck[k] = shuffledDeck[k]
1110 NEXT K
1120 RETURN
1400 'def RandomDeckPos(n):  n=N
1410 'import random
1420 RANDOMDECKPOS = INT(RND * N) 'RandomDeckPos = random.randint(0, n-1)
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
