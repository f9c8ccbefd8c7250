1 ' perfect_shuffle.bas - PerfectShuffle: the Python of the text, line for line in GW-BASIC.
2 ' Source: ../shared/seeds/002_bb7a75e389ba25bb.txt, "The Shuffler's Dilemma" (de Bruin),
3 ' section "PerfectShuffle With Test Program".
4 ' Arrays are 0-based like Python lists; random.randint(0, n-1) is INT(RND*n).
5 ' BASIC variables are global: a Python local that would clash gets its own name.
6 ' The text assumes an even DECKSIZE; an odd one ends in Subscript out of range
7 ' in 1110 (Python: IndexError). SEED is unused: no RND here.
8 ' Tests replace line 20 (parameters).
10 DEFINT A-Z
20 DECKSIZE=10: NUMSHUFFLES=20: SEED=1 'parameters
30 DIM DECK(DECKSIZE-1), SHUFFLEDDECK(DECKSIZE-1) 'DeckType = [0 for _ in range(DECKSIZE)]
40 RANDOMIZE SEED 'Python seeds itself; this picks one GW-BASIC RND stream
50 K=0 'k = 0
100 GOSUB 1500 'Initialize(deck)
110 FOR MAINK=0 TO NUMSHUFFLES-1 'for k in range(NUMSHUFFLES): (k is MAINK here)
120 GOSUB 1000 'PerfectShuffle(deck)
130 GOSUB 1600 'Print(deck)
140 NEXT MAINK
199 END
1000 'def PerfectShuffle(deck):
1010 OLDPOSITION = 0 'oldPosition = 0
1020 SHUFFLEDPOSITION = 0 'shuffledPosition = 0
1030 ERASE SHUFFLEDDECK: DIM SHUFFLEDDECK(DECKSIZE-1) 'shuffledDeck = DeckType.copy()
1040 WHILE OLDPOSITION < DECKSIZE \ 2 'while oldPosition < DECKSIZE // 2:
1050 SHUFFLEDDECK(SHUFFLEDPOSITION) = DECK(OLDPOSITION) 'shuffledDeck [shuffledPosition] = deck[oldPosition]
1060 OLDPOSITION = OLDPOSITION + 1 'oldPosition = oldPosition + 1
1070 SHUFFLEDPOSITION = SHUFFLEDPOSITION + 2 'shuffledPosition = shuffledPosition + 2
1080 WEND
1090 SHUFFLEDPOSITION = 1 'shuffledPosition = 1
1100 WHILE OLDPOSITION < DECKSIZE 'while oldPosition < DECKSIZE:
1110 SHUFFLEDDECK(SHUFFLEDPOSITION) = DECK(OLDPOSITION) 'shuffledDeck [shuffledPosition] = deck[oldPosition]
1120 OLDPOSITION = OLDPOSITION + 1 'oldPosition = oldPosition + 1
1130 SHUFFLEDPOSITION = SHUFFLEDPOSITION + 2 'shuffledPosition = shuffledPosition + 2
1140 WEND
1150 FOR OLDPOSITION = 0 TO DECKSIZE - 1 'for oldPosition in range(DECKSIZE):
1160 DECK(OLDPOSITION) = SHUFFLEDDECK(OLDPOSITION) 'deck [oldPosition] = shuffledDeck [oldPosition]
1170 NEXT OLDPOSITION
1180 RETURN
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
