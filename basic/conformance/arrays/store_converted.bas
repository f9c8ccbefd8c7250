10 REM A number stored into an array element of another type: CINT, widening, rounding, errors
20 DIM A%(5), D#(5), S!(5), T$(2)
30 X!=2.5: Y#=-3.5#: Z#=1/3#
40 A%(0)=X!: A%(1)=Y#: A%(2)=Z#*10: A%(3)=X!*3: A%(4)=-X!
50 PRINT A%(0); A%(1); A%(2); A%(3); A%(4)
60 D#(0)=7: D#(1)=1.1: D#(2)=X!/3: D#(3)=Z#: D#(4)=A%(3)
70 PRINT D#(0); D#(1); D#(2); D#(3); D#(4)
80 S!(0)=Z#: S!(1)=Y#*Y#: S!(2)=12345678#: S!(3)=A%(2)
90 PRINT S!(0); S!(1); S!(2); S!(3)
100 FOR I=1 TO 3: A%(5)=I*0.75: PRINT A%(5);: NEXT I: PRINT
110 ON ERROR GOTO 200
120 A%(5)=32767.4#: PRINT A%(5)
130 A%(5)=32767.5#: PRINT A%(5)
140 A%(5)=-32768.4: PRINT A%(5)
150 A%(5)=-40000!*Z#: PRINT A%(5)
160 S!(5)=1D+38*10: PRINT S!(5)
170 T$(1)=Z#: PRINT "stored"
180 PRINT "end": END
200 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
