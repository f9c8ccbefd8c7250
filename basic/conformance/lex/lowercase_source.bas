10 rem keywords and names typed in lower case are upper-cased
20 abc=5:print ABC;abc
30 for i=1 to 2:print i;:next
40 print
