1 ' selection_shuffle_fixed.bas - SelectionShuffle with Search's last line fixed.
2 ' Source: ../shared/seeds/002_bb7a75e389ba25bb.txt, "The Shuffler's Dilemma" (de Bruin),
3 ' section "SelectionShuffle and Accompanying Subprograms".
4 ' Arrays are 0-based like Python lists; random.randint(0, n-1) is INT(RND*n).
5 ' BASIC variables are global: a Python local that would clash gets its own name.
6 ' FIXED: as printed, Search = (card == deck[k]) also compares at k = deckSize, a
7 ' fresh 0 slot: a card 0 not drawn first is never chosen, the loop never ends.
8 ' Tests replace line 20 (parameters).
10 DEFINT A-Z
20 DECKSIZE=10: NUMSHUFFLES=20: SEED=1 'parameters
30 DIM DECK(DECKSIZE-1), SHUFFLEDDECK(DECKSIZE-1) 'DeckType = [0 for _ in range(DECKSIZE)]
40 RANDOMIZE SEED 'Python seeds itself; this picks one GW-BASIC RND stream
50 K=0 'k = 0
100 GOSUB 1500 'Initialize(deck)
105 FOR K = 0 TO DECKSIZE - 1: DECK(K) = DECK(K) - 1: NEXT 'cards 0..DECKSIZE-1: 0 is in the deck
110 FOR MAINK=0 TO NUMSHUFFLES-1 'for k in range(NUMSHUFFLES): (k is MAINK here)
120 GOSUB 1000 'SelectionShuffle(deck)
130 GOSUB 1600 'Print(deck)
140 NEXT MAINK
199 END
1000 'def SelectionShuffle(deck):
1010 K = 0 'k = 0
1020 NUMCHOSEN = 0 'numChosen = 0
1030 ERASE SHUFFLEDDECK: DIM SHUFFLEDDECK(DECKSIZE-1) 'shuffledDeck = DeckType.copy()
1040 WHILE NUMCHOSEN < DECKSIZE 'while numChosen < DECKSIZE:
1050 GOSUB 1400: K = RANDOMDECKPOS 'k = RandomDeckPos()
1060 CARD = DECK(K): DSIZE = NUMCHOSEN: GOSUB 1300 'Search(deck[k], shuffledDeck, numChosen)
1070 IF NOT SEARCH THEN SHUFFLEDDECK(NUMCHOSEN) = DECK(K): NUMCHOSEN = NUMCHOSEN + 1
1080 WEND
1090 FOR K = 0 TO DECKSIZE - 1 'for k in range(DECKSIZE):
1100 DECK(K) = SHUFFLEDDECK(K) 'deck[k] = shuffledDeck[k]
1110 NEXT K
1120 RETURN
1300 'def Search(card, deck, deckSize):  card=CARD, deck=SHUFFLEDDECK(), deckSize=DSIZE
1310 SK = 0 'k = 0  (Search's k is SK: SelectionShuffle still needs its K)
1320 IF DSIZE = 0 THEN SEARCH = 0: GOTO 1380 'if deckSize == 0: Search = False
1330 SK = 0 'else: k = 0
1340 WHILE (SK < DSIZE) AND (CARD <> SHUFFLEDDECK(SK)) 'while (k < deckSize) and (card != deck[k]):
1350 SK = SK + 1 'k = k + 1
1360 WEND
1370 SEARCH = (SK < DSIZE) 'FIXED: found only if the scan stopped inside deck[0..deckSize)
1380 RETURN 'return Search
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
